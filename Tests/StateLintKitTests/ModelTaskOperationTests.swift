import Testing
@testable import StateLintSyntax
@testable import StateLintIndex
@testable import StateLintModel
@testable import StateLintRules
@testable import StateLintEngine
@testable import StateLintFormatters
@testable import StateLintLSP
@testable import StateLintCLI

/// What StateLint reads of a `Task { … }`'s code to decide whether it can become a `.task`
/// action: whether an error can leave it, and whether it returns a value.
@Suite struct ModelTaskOperationTests {
    /// The first task the `.onAppear` action of a small view starts, around `body`.
    static func task(_ body: String) -> TaskStartFacts? {
        let source = """
        struct InboxView: View {
            var body: some View {
                Text("Inbox").onAppear {
                    Task {
        \(body)
                    }
                }
            }
        }
        """
        return ModelHarness.facts(source).types.first?.handlers.first?.action.taskStarts.first
    }

    @Test func errorsThatLeaveTheTask() {
        for body in [
            "try await inbox.sync()",
            "for try await message in inbox.messages { print(message) }",
            "if inbox.isEmpty { throw InboxError.empty }",
            // Handled only for one kind of error: the others leave.
            "do { try await inbox.sync() } catch is CancellationError { }",
            // Thrown again from the catch.
            "do { try await inbox.sync() } catch { throw error }",
            "let ids = try inbox.items.map { try $0.identifier() }",
            // A throwing call in a nested closure: whether the call rethrows is unknown.
            "inbox.items.forEach { item in try item.validate() }",
            "for item in inbox.items { if item.isBroken { throw InboxError.broken } }",
        ] {
            #expect(Self.task(body)?.mayThrow == true, "\(body)")
        }
    }

    @Test func errorsHandledInsideTheTask() {
        for body in [
            "await inbox.refresh()",
            "try? await inbox.sync()",
            "try! inbox.validate()",
            "do { try await inbox.sync() } catch { inbox.lastError = error }",
            "do { try await inbox.sync() } catch let failure { print(failure) }",
            "do { try await inbox.sync() } catch is CancellationError { } catch { print(error) }",
            "do {\n try await inbox.sync()\n do { try inbox.save() } catch { }\n } catch {\n print(error)\n }",
            // A nested task keeps its errors.
            "let timeout = Task { try await Task.sleep(for: .seconds(5)); inbox.cancel() }\nawait inbox.refresh()\ntimeout.cancel()",
            "Task.detached(priority: .low) { try await inbox.archive() }",
        ] {
            #expect(Self.task(body)?.mayThrow == false, "\(body)")
        }
    }

    @Test func returnedValues() {
        #expect(Self.task("let count = await inbox.count()\nreturn count")?.returnsValue == true)
        #expect(Self.task("return await inbox.count()")?.returnsValue == true)
        #expect(Self.task("guard await inbox.count() > 0 else { return }\nawait inbox.sync()")?.returnsValue == false)
        #expect(Self.task("if inbox.isEmpty { return }; await inbox.sync()")?.returnsValue == false)
        #expect(Self.task("await inbox.sync()")?.returnsValue == false)
        #expect(Self.task("for item in inbox.items { if item.isNew { return item } }")?.returnsValue == true)
        #expect(Self.task("if let first = inbox.items.first(where: { $0.isNew }) { return first }")?.returnsValue == true)
        // A nested closure's `return` is its own.
        #expect(Self.task("let names = inbox.items.map { item in return item.name }\nawait inbox.show(names)")?.returnsValue == false)
        #expect(Self.task("inbox.onChange = { return 1 }")?.returnsValue == false)
    }
}
