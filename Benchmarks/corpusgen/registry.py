"""Names of apps, features and the types each feature declares (the corpus' cross-file index)."""

FEATURE_WORDS = [
    "Cart", "Checkout", "Profile", "Settings", "Feed", "Search", "Inbox", "Chat", "Orders", "Wishlist",
    "Catalog", "Payments", "Wallet", "Rewards", "Onboarding", "Login", "Library", "Player", "Playlist",
    "Podcast", "Weather", "Calendar", "Notes", "Tasks", "Habits", "Workout", "Recipes", "Pantry",
    "Travel", "Booking", "Maps", "Places", "Reviews", "Photos", "Albums", "Camera", "Contacts",
    "Notifications", "Support", "Billing", "Invoices", "Reports", "Dashboard", "Analytics", "Team",
    "Projects", "Files", "Sharing", "Comments", "Stories", "Events", "Tickets", "Garden", "Budget",
]
FEATURE_SUFFIXES = ["", "Pro", "Lite", "Hub", "Kit", "Plus", "Admin", "Classic", "Next", "Beta"]
APP_NAMES = ["Shop", "Studio", "Fitness", "Travel", "Office", "Media", "Health", "Social", "Finance",
             "Learning", "Home", "Garden", "Cinema", "Transit", "Market", "Clinic"]

# Apple classes a linter can know without seeing their declarations (reference types).
APPLE_CLASSES = ["NumberFormatter", "DateFormatter", "JSONDecoder", "JSONEncoder"]
# Value types from Foundation/SwiftUI/CoreGraphics initialised the same way (never a finding).
VALUE_TYPE_INITS = ["CGPoint()", "CGSize()", "Date()", "UUID()", "NavigationPath()", "CGRect.zero",
                    "Color.accentColor", "EditMode.inactive", "Decimal()", "Locale.current"]


class Feature:
    """One feature folder and the type names its Models files declare."""

    def __init__(self, app, name):
        self.app = app
        self.name = name
        self.item = f"{name}Item"
        self.filter = f"{name}Filter"
        self.route = f"{name}Route"
        self.load_state = f"{name}LoadState"
        self.service = f"{name}Service"
        self.reducer = f"{name}Feature"
        self.model_classes = []   # @Observable final class (has `shared`, `load()`, `stop()`)
        self.shared_classes = []       # the model classes that declare `static let shared`
        self.object_classes = []       # ObservableObject classes with @Published
        self.legacy_objects = {}       # how it conforms to ObservableObject -> class (see object_models)
        self.bridged_objects = []      # @Observable classes that are also ObservableObject
        self.value_models = []         # structs named like models (value types: never a finding)
        self.views = []

    def folder(self, kind):
        return f"{self.app.name}App/Features/{self.name}/{kind}"


class App:
    def __init__(self, name):
        self.name = name
        self.app_model = f"{name}AppModel"
        self.features = []


class Registry:
    """Hands out unique feature names and remembers every declared type."""

    def __init__(self, rng):
        self.rng = rng
        self.used_names = set()
        self.apps = []
        self.features = []
        self.observable_models = set()  # the @Observable model classes' names

    def new_app(self):
        index = len(self.apps)
        base = APP_NAMES[index % len(APP_NAMES)]
        name = base if index < len(APP_NAMES) else f"{base}{index // len(APP_NAMES) + 1}"
        app = App(name)
        self.apps.append(app)
        return app

    def new_feature(self, app):
        index = len(self.features)
        word = FEATURE_WORDS[index % len(FEATURE_WORDS)]
        round_ = index // len(FEATURE_WORDS)
        suffix = FEATURE_SUFFIXES[round_ % len(FEATURE_SUFFIXES)]
        extra = "" if round_ < len(FEATURE_SUFFIXES) else str(round_ // len(FEATURE_SUFFIXES) + 1)
        feature = Feature(app, f"{word}{suffix}{extra}")
        app.features.append(feature)
        self.features.append(feature)
        return feature

    def unique(self, name):
        candidate, n = name, 2
        while candidate in self.used_names:
            candidate, n = f"{name}{n}", n + 1
        self.used_names.add(candidate)
        return candidate

    def any_model_class(self, feature, observable_only=False):
        """A model class from this feature (mostly) or an earlier one, so views use cross-feature models."""
        attribute = "shared_classes" if observable_only else "model_classes"
        if getattr(feature, attribute) and self.rng.random() < 0.8:
            return self.rng.choice(getattr(feature, attribute))
        pool = [f for f in self.features if getattr(f, attribute)]
        return self.rng.choice(getattr(self.rng.choice(pool), attribute))
