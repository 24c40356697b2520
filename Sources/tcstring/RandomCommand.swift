import IABTCF

/// `tcstring random [--count N] [--seed S] [--date YYYY-MM-DD | --any]`: N canonical TC strings of
/// seeded random models, one per line, covering every feature (ranges, restrictions, every
/// segment, custom purposes). By default each follows TCF 2.3 policy (``RandomModels/validModel(_:day:)``),
/// so `validate` finds nothing in it and QA can use it as a fixture; `--any` writes the models as
/// they come, anything the format can hold, for differential testing (scripts/differential.sh).
enum RandomCommand {
    struct Values {
        var count = 100
        var seed: UInt64 = 1
        var day: Timestamp?
        var any = false
    }

    /// The options, declared once (see ``OptionRow``).
    static var options: [OptionRow<Values>] {
        [
            .value(["--count"], "N", "how many strings (default 100)") { values, arguments, name in
                values.count = arguments.value(of: name, "a number") { Int($0).flatMap { $0 >= 0 ? $0 : nil } }
            },
            .value(["--seed"], "S", "the generator's seed (default 1): the same seed gives the same strings") {
                values,
                arguments,
                name in
                values.seed = arguments.value(of: name, "a number") { UInt64($0) }
            },
            .value(["--date"], "YYYY-MM-DD", "the day the strings are created (default: today, UTC)") {
                values,
                arguments,
                name in
                values.day = arguments.day(of: name)
            },
            .flag("--any", "anything the format holds, valid or not (for differential tests)") { $0.any = true },
        ]
    }

    static func run(_ arguments: [String]) -> Int32 {
        var arguments = Arguments(arguments, command: "random")
        var values = Values()
        arguments.parse(options, into: &values) { operand, arguments in
            arguments.fail("unexpected \(operand)")
        }
        let (count, seed, day, any) = (values.count, values.seed, values.day, values.any)
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
