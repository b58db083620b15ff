import SwiftUI

/// The safe pattern: optional state, created once, released on disappear.
struct SettingsView: View {
    @State private var settings: LegacySettings?
    @State private var count = 0

    var body: some View {
        Form {
            Toggle("Dark mode", isOn: .constant(settings?.darkMode ?? false))
        }
        .onAppear {
            if settings == nil {
                settings = LegacySettings()
            }
        }
        .onDisappear {
            settings = nil
        }
    }
}
