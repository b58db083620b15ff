import Testing
@testable import StateLintKit

@Suite struct FrameworkCatalogTests {
    let catalog = FrameworkCatalog.builtIn

    @Test func builtInTextParsesWithoutErrors() throws {
        // `builtIn` falls back to an empty catalog on a parse error; this surfaces the error.
        let parsed = try FrameworkCatalog(parsing: frameworkCatalogText)
        #expect(parsed.entries.count == catalog.entries.count)
        #expect(catalog.entries.count > 1000)
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
                       "SwiftUI", "UIKit", "AppKit", "Combine", "SwiftData", "os"] {
            #expect(catalog.moduleNames.contains(module), "missing section \(module)")
        }
        #expect(catalog.entries.first { $0.name == "Logger" }?.module == "os")
        #expect(catalog.entries.first { $0.name == "JSONDecoder" }?.module == "FoundationEssentials")
    }
}
