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
case "decode": status = DecodeCommand.run(rest)
case "encode": status = EncodeCommand.encode(rest)
case "reencode": status = EncodeCommand.reencode(rest)
case "bench": status = BenchCommand.run(rest)
case "random": status = RandomCommand.run(rest)
case "validate": status = PolicyCommands.validate(rest)
case "inapp": status = PolicyCommands.inApp(rest)
case "ac": status = AdditionalConsentCommand.run(rest)
case "explain": status = ExplainCommand.run(rest)
case "att": status = ATTCommand.run(rest)
case "permissions": status = PermissionsCommand.run(rest)
case "renew": status = RenewCommand.run(rest)
case "ads": status = AdsCommand.run(rest)
case "--version", "version":
    Terminal.out("tcstring \(Usage.version)")
    status = 0
case "help", "--help", "-h":
    // `tcstring help decode` is `tcstring decode --help`; `tcstring help nosuch` is a usage error.
    if let topic = rest.first, topic != "help", Usage.commands[topic] == nil {
        Terminal.usageError("unknown command \(topic)")
    }
    Terminal.out(rest.first.flatMap { Usage.commands[$0] } ?? Usage.tool)
    status = 0
default: Terminal.usageError("unknown command \(command)")
}
exit(status)
