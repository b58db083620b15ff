// StateLintKit: the library product, every layer of StateLint under one import for those who
// embed it. The layers are their own targets, each importing only the ones below it:
//
//   StateLintSyntax      source files, tokens, structure, small byte utilities
//   StateLintIndex       which names are classes, value types, ObservableObjects, views
//   StateLintModel       the view model: per-file facts merged into views
//   StateLintRules       the rules, their fixes, and what a finding is
//   StateLintEngine      configuration, files, projects and targets, the engine, fixing
//   StateLintFormatters  the output formats
//   StateLintLSP         the language server       (neither of these two imports the other)
//   StateLintCLI         the command line
@_exported import StateLintSyntax
@_exported import StateLintIndex
@_exported import StateLintModel
@_exported import StateLintRules
@_exported import StateLintEngine
@_exported import StateLintFormatters
@_exported import StateLintLSP
@_exported import StateLintCLI
