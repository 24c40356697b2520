#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif

Terminal.ignoreBrokenPipes()
let arguments = Array(CommandLine.arguments.dropFirst())
guard let command = arguments.first else { Terminal.usageError("no command given") }
let rest = Array(arguments.dropFirst())
let status: Int32
switch command {
case "--version", "version":
    Terminal.out("tcstring \(Usage.version)")
    status = 0
case "help", "--help", "-h":
    // `tcstring help decode` is `tcstring decode --help`; `tcstring help nosuch` is a usage error.
    if let topic = rest.first, topic != "help", Command.named(topic) == nil {
        Terminal.usageError("unknown command \(topic)" + Suggestion.didYouMean(topic, Command.all.map(\.name)))
    }
    Terminal.out(rest.first.flatMap { Command.named($0)?.usage } ?? Usage.tool)
    status = 0
default:
    guard let entry = Command.named(command) else {
        Terminal.usageError("unknown command \(command)" + Suggestion.didYouMean(command, Command.all.map(\.name)))
    }
    status = entry.run(rest)
}
exit(status)
