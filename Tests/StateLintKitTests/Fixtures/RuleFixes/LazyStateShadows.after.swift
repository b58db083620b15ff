import SwiftUI

@Observable final class Renderer: Identifiable {
    var caption = ""
    var isOn = false
    func render() {}
}

struct RendererControls: View {
    @Bindable var renderer: Renderer
    var body: some View { Toggle("On", isOn: $renderer.isOn) }
}

/// `body` starts with `@Bindable var renderer = renderer`: inside the `if let` it binds the
/// unwrapped object, and `$renderer` stays that local's.
struct RenderView: View {
    @State private var renderer: Renderer?

    var body: some View {
        ZStack {
            if let renderer {
                @Bindable var renderer = renderer

                VStack {
                    TextField("Caption", text: $renderer.caption)
                    RendererControls(renderer: renderer)
                }
                .task {
                    renderer.render()
                }
            }
        }
        .onAppear {
            if renderer == nil { renderer = Renderer() }
        }
        .onDisappear { renderer = nil }
    }
}

/// A closure parameter of the same name inside the `if let` hides the unwrapped object as it
/// hid the property.
struct PreviewSheetView: View {
    @State private var renderer: Renderer?
    @State private var shown: Renderer?

    var body: some View {
        ZStack {
            if let renderer {
                Text(renderer.caption)
                    .sheet(item: $shown) { renderer in
                        Text(renderer.caption)
                    }
            }
        }
        .onAppear {
            if renderer == nil { renderer = Renderer() }
        }
        .onDisappear { renderer = nil }
    }
}

/// Kept: `self.renderer` loses its `self.` in the rewrite, and the parameter would take it.
struct SelfView: View {
    @State private var renderer = Renderer()
    @State private var shown: Renderer?

    var body: some View {
        Text(renderer.caption)
            .sheet(item: $shown) { renderer in
                Text(self.renderer.caption + renderer.caption)
            }
    }
}

/// A method whose parameter has the property's name uses only the parameter: it stays as it is.
struct ControlsView: View {
    @State private var renderer: Renderer?

    var body: some View {
        ZStack {
            if let renderer {
                VStack {
                    Text(renderer.caption)
                    controls(renderer: renderer)
                }
            }
        }
        .onAppear {
            if renderer == nil { renderer = Renderer() }
        }
        .onDisappear { renderer = nil }
    }

    private func controls(renderer: Renderer) -> some View {
        @Bindable var renderer = renderer
        return Toggle("On", isOn: $renderer.isOn)
    }
}
