import StateLintSyntax
import StateLintIndex
import StateLintModel

/// `appear_unstructured_task`'s fix: `.onAppear { Task { … } }`, when the task is the whole
/// action, becomes `.task { … }`, which SwiftUI cancels when the view goes away. The body keeps
/// its lines, one indentation level shallower.
package enum TaskModifierFix {
    package static func fix(_ handler: HandlerFacts, _ conversion: TaskConversion, _ context: RuleContext) -> Fix {
        let file = handler.nameSpan.file
        var edits = [context.edit(handler.nameSpan, "task"),
                     context.edit(SourceSpan(file: file, range: conversion.removedBeforeBody), ""),
                     context.edit(SourceSpan(file: file, range: conversion.removedAfterBody), "")]
        let style = context.style(of: handler.nameSpan)
        let unit = style.indentation.unit
        let firstLine = context.line(ofOffset: conversion.bodyOpen, in: file)
        let lastLine = context.line(ofOffset: conversion.bodyClose, in: file)
        if lastLine > firstLine {
            for line in (firstLine + 1)...lastLine where style.indentation(ofLine: line).hasPrefix(unit) {
                let start = context.start(ofLine: line, in: file)
                edits.append(context.edit(SourceSpan(file: file, range: start..<(start + unit.utf8.count)), ""))
            }
        }
        return Fix(summary: "Use `.task { … }`, which SwiftUI cancels on disappear", edits: edits)
    }
}
