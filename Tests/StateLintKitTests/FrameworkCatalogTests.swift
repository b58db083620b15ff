import Testing
@testable import StateLintSyntax
@testable import StateLintIndex
@testable import StateLintModel
@testable import StateLintRules
@testable import StateLintEngine
@testable import StateLintFormatters
@testable import StateLintLSP
@testable import StateLintCLI

@Suite struct FrameworkCatalogTests {
    let catalog = FrameworkCatalog.builtIn

    @Test func builtInTextParsesWithoutErrors() throws {
        // `builtIn` falls back to an empty catalog on a parse error; this surfaces the error.
        let parsed = try FrameworkCatalog(parsing: frameworkCatalogText)
        #expect(parsed.entries.count == catalog.entries.count)
        #expect(catalog.entries.count > 6000)
    }

    /// A name checked against its framework's SDK headers or documentation, with its section.
    struct Spot: Sendable, CustomTestStringConvertible {
        let name: String
        let kind: TypeKind
        let module: String
        var testDescription: String { "\(module).\(name)" }

        static func c(_ name: String, _ module: String) -> Spot { Spot(name: name, kind: .referenceType, module: module) }
        static func v(_ name: String, _ module: String) -> Spot { Spot(name: name, kind: .valueType, module: module) }
    }

    @Test(arguments: [
        // Objective-C classes, with their Swift names where NS_SWIFT_NAME or the .apinotes rename them.
        Spot.c("UIButton", "UIKit"), .c("UICollectionViewCompositionalLayout", "UIKit"), .c("UITextView", "UIKit"),
        .c("UIPickerView", "UIKit"), .c("UISheetPresentationController.Detent", "UIKit"), .c("UIWindowScene", "UIKit"),
        .c("NSMutableParagraphStyle", "UIKit"),
        .c("NSButton", "AppKit"), .c("NSTextView", "AppKit"), .c("NSSplitViewController", "AppKit"),
        .c("NSImage.SymbolConfiguration", "AppKit"), .c("NSWorkspace.OpenConfiguration", "AppKit"),
        .c("WKWebView", "WebKit"), .c("WKWebViewConfiguration", "WebKit"), .c("WKWebExtension.MatchPattern", "WebKit"),
        .c("AVPlayer", "AVFoundation"), .c("AVAssetWriter", "AVFoundation"), .c("AVCaptureDevice.DiscoverySession", "AVFoundation"),
        .c("AVAudioPlayer", "AVFAudio"), .c("AVAudioEngine", "AVFAudio"),
        .c("AVPlayerViewController", "AVKit"), .c("AVPictureInPictureController.ContentSource", "AVKit"),
        .c("MKMapView", "MapKit"), .c("MKDirections.Request", "MapKit"), .c("MKLookAroundSnapshotter.Snapshot", "MapKit"),
        .c("CLLocationManager", "CoreLocation"), .c("CLLocation", "CoreLocation"), .c("CLLocationButton", "CoreLocationUI"),
        .c("PHAsset", "Photos"), .c("PHImageManager", "Photos"), .c("PHPickerViewController", "PhotosUI"),
        .c("UNUserNotificationCenter", "UserNotifications"), .c("UNNotificationRequest", "UserNotifications"),
        .c("NSManagedObjectContext", "CoreData"), .c("NSPersistentCloudKitContainer.Event", "CoreData"),
        .c("SKSpriteNode", "SpriteKit"), .c("SCNNode", "SceneKit"), .c("ARSession", "ARKit"),
        .c("ARConfiguration.VideoFormat", "ARKit"), .c("GKLocalPlayer", "GameKit"), .c("GKLeaderboard.Entry", "GameKit"),
        .c("SKProductsRequest", "StoreKit"), .c("SKOverlay.AppConfiguration", "StoreKit"),
        .c("EKEventStore", "EventKit"), .c("EKEventEditViewController", "EventKitUI"),
        .c("CNContactStore", "Contacts"), .c("CNContactViewController", "ContactsUI"),
        .c("HKHealthStore", "HealthKit"), .c("VNRecognizeTextRequest", "Vision"), .c("CKContainer", "CloudKit"),
        .c("PKDrawingReference", "PencilKit"),
        // CF types are classes in Swift, named without `Ref`.
        .c("CGImage", "CoreGraphics"), .c("CVPixelBuffer", "CoreVideo"), .c("CMSampleBuffer", "CoreMedia"),
        .c("CTFont", "CoreText"),
        // Swift classes.
        .c("UIHostingController", "SwiftUI"), .c("ModelContainer", "SwiftData"), .c("Schema", "SwiftData"),
        .c("ModelEntity", "RealityKit"), .c("AnimationResource", "RealityKit"), .c("Publishers.Share", "Combine"),
        .c("Subscribers.Sink", "Combine"), .c("UICollectionViewDiffableDataSource", "UIKit"),
        .c("NSCollectionViewDiffableDataSource", "AppKit"),
        // Enums, option sets, typed-string enums, error codes and C structs.
        .v("UIButton.ButtonType", "UIKit"), .v("UIControl.State", "UIKit"), .v("UIControl.Event", "UIKit"),
        .v("UIFont.TextStyle", "UIKit"), .v("UIEdgeInsets", "UIKit"), .v("UIAccessibility.GuidedAccessError.Code", "UIKit"),
        .v("NSWindow.StyleMask", "AppKit"), .v("NSButton.BezelStyle", "AppKit"), .v("NSEvent.ModifierFlags", "AppKit"),
        .v("WKNavigationActionPolicy", "WebKit"), .v("AVPlayer.TimeControlStatus", "AVFoundation"),
        .v("AVLayerVideoGravity", "AVFoundation"), .v("AVAudioSession.Category", "AVFAudio"),
        .v("MKMapType", "MapKit"), .v("CLError", "CoreLocation"), .v("CLError.Code", "CoreLocation"),
        .v("CLAuthorizationStatus", "CoreLocation"), .v("PHAuthorizationStatus", "Photos"),
        .v("PHPickerConfiguration", "PhotosUI"), .v("UNAuthorizationOptions", "UserNotifications"),
        .v("UNError.Code", "UserNotifications"), .v("NSFetchRequestResultType", "CoreData"), .v("SKBlendMode", "SpriteKit"),
        .v("SCNVector3", "SceneKit"), .v("SKError.Code", "StoreKit"), .v("EKAuthorizationStatus", "EventKit"),
        .v("CNError.Code", "Contacts"), .v("CGAffineTransform", "CoreGraphics"), .v("CMTime", "CoreMedia"),
        .v("CALayerContentsGravity", "QuartzCore"),
        // Swift value types, and overlay structs that replace a SwiftPrivate Objective-C class.
        .v("NavigationStack", "SwiftUI"), .v("ScrollViewReader", "SwiftUI"), .v("FetchDescriptor", "SwiftData"),
        .v("PersistentIdentifier", "SwiftData"), .v("Product.SubscriptionInfo.RenewalInfo", "StoreKit"),
        .v("SubscriptionStoreView", "StoreKit"), .v("AppStore", "StoreKit"), .v("Publishers.Map", "Combine"),
        .v("PhysicallyBasedMaterial", "RealityKit"), .v("ModelComponent", "RealityKit"), .v("RealityView", "RealityKit"),
        .v("MapCameraPosition", "MapKit"), .v("MapReader", "MapKit"), .v("UIBackgroundConfiguration", "UIKit"),
        .v("UIListContentConfiguration", "UIKit"), .v("NSDiffableDataSourceSnapshot", "UIKit"), .v("PKDrawing", "PencilKit"),
    ])
    func frameworkSpotChecks(_ spot: Spot) throws {
        #expect(catalog.kind(of: spot.name) == spot.kind)
        #expect(catalog.kind(of: spot.module + "." + spot.name) == spot.kind)
        let entry = try #require(catalog.entries.first { $0.name == spot.name })
        #expect(entry.module == spot.module)
    }

    @Test(arguments: [
        "MKDirectionsRequest",   // Swift calls it MKDirections.Request
        "UIButtonType",          // obsoleted in Swift 4.2 for UIButton.ButtonType
        "CLMonitor",             // NS_REFINED_FOR_SWIFT: the Swift overlay defines its own type
        "CGImageRef", "UIListContentConfigurationReference", "UIGestureRecognizerDelegate",
    ])
    func objectiveCOnlyAndHiddenNamesAreNotListed(name: String) {
        #expect(catalog.kind(of: name) == nil)
    }

    @Test(arguments: [
        "UIImage", "UIColor", "UIFont", "UIImage.SymbolConfiguration", "NSColor", "CGImage", "CGColor", "CGPath",
        "CIImage", "CTFont", "CLLocation", "CLPlacemark", "MKPlacemark", "PHAsset", "CNContact", "CNPostalAddress",
        "AVURLAsset", "AVMetadataMachineReadableCodeObject", "NSParagraphStyle", "CMFormatDescription",
        // Foundation, marked by the generator
        "NSString", "NSAttributedString", "NSData", "NSNumber", "NSArray", "NSURL", "NSURLRequest",
        // resolved like kind(of:)
        "UIKit.UIImage", "Foundation.NSString", "NSArray<NSString>", "NSDictionary<NSString, NSNumber>",
    ])
    func immutableDataClasses(name: String) {
        #expect(catalog.isImmutableClass(name))
        #expect(catalog.kind(of: name) == .referenceType)
    }

    @Test(arguments: [
        "NSMutableString", "NSMutableAttributedString", "NSMutableArray", "NSMutableData", "NSMutableURLRequest",
        "NSMutableParagraphStyle", "CGMutablePath", "CNMutableContact", "CNMutablePostalAddress",
        "NSImage", "MKMapItem", "AVMutableComposition", "UIView", "UIImageView", "JSONDecoder", "Timer",
        "Date", "String", "Color", "MyThumbnail", "",
    ])
    func mutableClassesValueTypesAndUnknownNamesAreNotImmutable(name: String) {
        #expect(!catalog.isImmutableClass(name))
    }

    @Test func immutableEntriesAreClassesAndNeverMutableVariants() {
        let immutable = catalog.entries.filter(\.isImmutable)
        #expect(immutable.count > 80)
        for entry in immutable {
            #expect(entry.kind == .referenceType, "\(entry.name)")
            #expect(!entry.name.contains("Mutable"), "\(entry.name) is a mutable class")
        }
    }

    @Test func noCuratedNameRepeatsAGeneratedOne() throws {
        let marker = try #require(frameworkCatalogText.range(of: "# END GENERATED\n"))
        let generated = try FrameworkCatalog(parsing: String(frameworkCatalogText[..<marker.upperBound]))
        let curated = try FrameworkCatalog(parsing: String(frameworkCatalogText[marker.upperBound...]))
        #expect(generated.entries.count > 900 && curated.entries.count > 5000)
        let repeated = Set(generated.entries.map(\.name)).intersection(curated.entries.map(\.name))
        #expect(repeated.isEmpty, "curated entries that the generator already lists: \(repeated.sorted())")
    }

    @Test(arguments: [
        "JSONDecoder", "JSONEncoder", "NSCache", "Future", "NumberFormatter", "DateFormatter",
        "ISO8601DateFormatter", "PropertyListDecoder", "URLSession", "URLSessionConfiguration",
        "NotificationCenter", "UserDefaults", "FileManager", "Timer", "OperationQueue", "NSLock",
        "NSRegularExpression", "ByteCountFormatter", "MeasurementFormatter", "RelativeDateTimeFormatter",
        "ListFormatter", "PersonNameComponentsFormatter", "ManagedBuffer", "DispatchQueue", "MainActor",
        "UIHostingController", "NSHostingController", "NSHostingView", "ImageRenderer",
        "UIViewController", "UIView", "UIColor", "UIImage", "UIApplication", "UIFont",
        "UIImpactFeedbackGenerator", "PassthroughSubject", "CurrentValueSubject", "AnyCancellable",
        "MKMapView", "MKLocalSearch", "MKDirections", "CLLocationManager", "CLGeocoder", "CLLocation",
        "AVPlayer", "AVAudioPlayer", "AVAudioEngine", "AVCaptureSession", "AVPlayerItem",
        "ModelContainer", "ModelContext", "NSManagedObjectContext", "NSPersistentContainer",
        "NSFetchRequest", "OSLog", "SKProductsRequest", "WKWebView", "HKHealthStore", "VNRequest",
        "CMMotionManager", "NWPathMonitor", "NWConnection", "UNUserNotificationCenter", "EKEventStore",
        "CNContactStore", "LAContext", "CHHapticEngine", "ARSession", "Entity", "CIContext",
    ])
    func wellKnownReferenceTypes(name: String) {
        #expect(catalog.kind(of: name) == .referenceType)
    }

    @Test(arguments: [
        "Logger", "Published", "Just", "AnyPublisher", "NavigationPath", "Color", "Font", "Image", "Text",
        "Binding", "State", "Namespace.ID", "EdgeInsets", "Angle", "Gradient", "LinearGradient",
        "Animation", "AnyView", "Date", "UUID", "URL", "Data", "Decimal", "Locale", "Calendar", "TimeZone",
        "DateComponents", "Measurement", "IndexPath", "URLRequest", "CharacterSet", "AttributedString",
        "Date.FormatStyle", "Array", "Dictionary", "Set", "String", "Int", "Double", "Bool", "Optional",
        "Result", "Range", "Task", "Mutex", "ObservationRegistrar", "MapCameraPosition",
        "MKCoordinateRegion", "CLLocationCoordinate2D", "FetchDescriptor", "SortDescriptor", "Predicate",
        "Product", "Transaction", "PhotosPickerItem", "CGRect", "CGPoint", "CGSize", "UIEdgeInsets",
    ])
    func wellKnownValueTypes(name: String) {
        #expect(catalog.kind(of: name) == .valueType)
    }

    @Test(arguments: ["MyViewModel", "", "Foundation", "Foundation.", ".Date", "Date.NoSuchType",
                      "date", "Codable", "ObservableObject", "View"])
    func unknownNamesAndProtocolsHaveNoKind(name: String) {
        #expect(catalog.kind(of: name) == nil)
    }

    @Test func moduleQualifiedNamesResolve() {
        #expect(catalog.kind(of: "Foundation.JSONDecoder") == .referenceType)
        #expect(catalog.kind(of: "Foundation.Date") == .valueType)  // declared in FoundationEssentials
        #expect(catalog.kind(of: "SwiftUI.Color") == .valueType)
        #expect(catalog.kind(of: "SwiftUI.Namespace.ID") == .valueType)
        #expect(catalog.kind(of: "Swift.Int") == .valueType)
        #expect(catalog.kind(of: "Combine.Future") == .referenceType)
        #expect(catalog.kind(of: "NotAModule.Date") == nil)
    }

    @Test func substringsAndGenericArgumentsWork() {
        let source = "@State var cache = NSCache<NSString, NSData>()"
        let start = source.index(source.startIndex, offsetBy: 19)
        let end = source.index(source.endIndex, offsetBy: -2)
        #expect(catalog.kind(of: source[start..<end]) == .referenceType)
        #expect(catalog.kind(of: "Set<String>") == .valueType)
        #expect(catalog.kind(of: "Dictionary<String, [Int]>.Index") == .valueType)
        #expect(catalog.kind(of: "Swift.Array<Foundation.Date>") == .valueType)
    }

    @Test func nameListsAreSortedDisjointAndComplete() {
        let classes = catalog.classNames
        let values = catalog.valueTypeNames
        #expect(classes == classes.sorted())
        #expect(values == values.sorted())
        #expect(Set(classes).isDisjoint(with: values))
        #expect(classes.count + values.count == catalog.entries.count)
        #expect(classes.contains("JSONDecoder") && values.contains("Date"))
    }

    @Test func everySectionIsSortedClassesFirstThenByName() {
        // A section is a run of entries under one `module` line.
        var sections: [[FrameworkCatalog.Entry]] = []
        for entry in catalog.entries {
            if let last = sections.last?.last, last.module == entry.module {
                sections[sections.count - 1].append(entry)
            } else {
                sections.append([entry])
            }
        }
        #expect(sections.count > 40)
        for entries in sections {
            let sorted = entries.sorted { a, b in
                if a.kind != b.kind { return a.kind == .referenceType }
                return a.name < b.name
            }
            #expect(entries.map(\.name) == sorted.map(\.name),
                    "section \(entries[0].module) at line \(entries[0].location.line) is not sorted")
        }
    }

    @Test func curatedAppleFrameworksAndGeneratedToolchainModulesAreBothPresent() {
        for module in ["Swift", "Foundation", "FoundationEssentials", "Dispatch", "Observation",
                       "SwiftUI", "UIKit", "AppKit", "Combine", "SwiftData", "os", "WebKit", "AVFoundation",
                       "AVFAudio", "AVKit", "MapKit", "CoreLocation", "Photos", "PhotosUI", "UserNotifications",
                       "CoreData", "SpriteKit", "SceneKit", "RealityKit", "ARKit", "GameKit", "StoreKit",
                       "EventKit", "EventKitUI", "Contacts", "ContactsUI"] {
            #expect(catalog.moduleNames.contains(module), "missing section \(module)")
        }
        #expect(catalog.entries.first { $0.name == "Logger" }?.module == "os")
        #expect(catalog.entries.first { $0.name == "JSONDecoder" }?.module == "FoundationEssentials")
    }
}
