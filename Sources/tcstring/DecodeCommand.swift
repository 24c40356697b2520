import IABTCF

/// `tcstring decode [--pretty] [STRING | -]`
enum DecodeCommand {
    static func run(_ arguments: [String]) -> Int32 {
        var pretty = false
        var jobs: Int?
        var inputs: [String] = []
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            switch argument {
            case "--pretty": pretty = true
            case "--jobs", "-j":
                guard let count = rest.popFirst().flatMap({ Int($0) }), count >= 1 else {
                    Terminal.usageError("--jobs takes a number of parallel jobs (1 or more)")
                }
                jobs = count
            case "-": inputs.append(argument)
            case _ where argument.hasPrefix("--"): Terminal.usageError("unknown option \(argument)")
            default: inputs.append(argument)
            }
        }
        guard inputs.count <= 1 else { Terminal.usageError("decode takes one string (or - for standard input)") }
        if let input = inputs.first, input != "-" {
            return decodeOne(String(input.trimmedASCII), pretty: pretty)
        }
        if !pretty { return BatchDecode.run(jobs: jobs ?? BatchDecode.defaultJobs) }
        var status: Int32 = 0
        for (number, line) in Terminal.lines().enumerated() {
            switch decode(String(line.trimmedASCII)) {
            case .success(let json):
                Terminal.out(json.serialized(pretty: pretty))
            case .failure(let error):
                Terminal.out(JSON.object([("error", error.json)]).serialized(pretty: pretty))
                Terminal.err("tcstring: line \(number + 1): \(error)")
                status = Terminal.failure
            }
        }
        return status
    }

    private static func decodeOne(_ string: String, pretty: Bool) -> Int32 {
        switch decode(string) {
        case .success(let json):
            Terminal.out(json.serialized(pretty: pretty))
            return 0
        case .failure(let error):
            Terminal.err("tcstring: \(error)")
            return Terminal.failure
        }
    }

    /// The JSON for a string: the decode schema for a TC string; for a GPP string (a header starting
    /// with `D`, Type 3, followed by `~`-separated sections) `{"gppVersion", "sectionIds", "tcfeuv2",
    /// "sections"}`, `tcfeuv2` being the decode schema or `null`. A `D` alone is not enough: it is
    /// also how a TC string with the unsupported Version 3 begins.
    static func decode(_ string: String) -> Result<JSON, TCStringError> {
        Result { () throws(TCStringError) in
            guard string.hasPrefix("D") && string.contains("~") else { return try TCString(encoded: string).json }
            let gpp = try GPPString(encoded: string)
            return .object([
                ("gppVersion", .int(gpp.version)),
                ("sectionIds", .ids(gpp.sectionIds)),
                ("tcfeuv2", gpp.tcfEuV2?.json ?? .null),
                (
                    "sections",
                    .array(
                        zip(gpp.sectionIds, gpp.sections).map { .object([("id", .int($0)), ("value", .string($1))]) }
                    )
                ),
            ])
        }
    }
}
