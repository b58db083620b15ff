import SwiftUI

struct Badge: View {
    var body: some View { Text("new") }
}
// statelint:disable:previous appear_missing_nil_check