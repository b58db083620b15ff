#Preview {
    Text("a")
        .onAppear { }
}
