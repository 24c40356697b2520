import IABTCF
import TCStringToolSupport

/// `tcstring random [--count N] [--seed S] [--date YYYY-MM-DD | --any]`: N canonical TC strings of
/// seeded random models, one per line, covering every feature (ranges, restrictions, every
/// segment, custom purposes). By default each follows TCF 2.3 policy (``RandomModels/validModel(_:day:)``),
/// so `validate` finds nothing in it and QA can use it as a fixture; `--any` writes the models as
/// they come, anything the format can hold, for differential testing (scripts/differential.sh).
enum RandomCommand {
    static func run(_ arguments: [String]) -> Int32 {
        var count = 100
        var seed: UInt64 = 1
        var day: Timestamp?
        var any = false
        var arguments = Arguments(arguments, command: "random")
        arguments.parse { option, arguments in
            switch option {
            case "--count": count = arguments.value(of: option, "a number") { Int($0).flatMap { $0 >= 0 ? $0 : nil } }
            case "--seed": seed = arguments.value(of: option, "a number") { UInt64($0) }
            case "--date": day = arguments.day(of: option)
            case "--any": any = true
            default: return false
            }
            return true
        } operand: { operand, arguments in
            arguments.fail("unexpected \(operand)")
        }
        if any && day != nil { arguments.fail("--any and --date conflict: --any picks its own dates") }
        let today = day ?? EncodeCommand.today()
        var rng = SplitMix64(seed: seed)
        for _ in 0..<count {
            do {
                let model = any ? RandomModels.model(&rng) : RandomModels.validModel(&rng, day: today)
                Terminal.out(try model.encoded())
            } catch {
                Terminal.err("tcstring: a random model failed to encode: \(error)")
                return Terminal.failure
            }
        }
        return 0
    }
}
