import SwiftUI

struct SettingsView: View {
	// statelint:disable:next appear_missing_nil_check
	@State private var count = 0

	var body: some View {
		Text("\(count)") /* statelint:disable:this typo_rule */
	}
}
