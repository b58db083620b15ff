import SwiftUI

// statelint:disabel appear_missing_nil_check
struct Legacy: View {
    var body: some View { Text("legacy") }
}
