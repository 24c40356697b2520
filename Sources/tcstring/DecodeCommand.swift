import IABTCF
import IABTCFVendorList
import TCStringCore

/// `tcstring decode [--pretty] [--jobs N] [STRING | -]` (see ``Usage/decode``).
enum DecodeCommand {
    static func run(_ arguments: [String]) -> Int32 {
        var arguments = Arguments(arguments, command: "decode", usage: Usage.decode)
        var pretty = false
        var decoding = DecodingFlags()
        var jobs: Int?
        var gvl: GlobalVendorList?
        var operands: [String] = []
        while let argument = arguments.next() {
            switch argument {
            case .option("--pretty"): pretty = true
            case .option(let option) where decoding.parse(option, &arguments): break
            case .option("--jobs"), .option("-j"):
                let count: Int = arguments.value(of: "--jobs", "a number of parallel jobs (1 or more)") {
                    Int($0).flatMap { $0 >= 1 ? $0 : nil }
                }
                jobs = count
            case .option("--gvl"): gvl = PermissionsCommand.loadGVL(arguments.value(of: "--gvl"))
            case .option(let option): arguments.unknown(option)
            case .operand(let operand): operands.append(operand)
            }
        }
        // JSON Lines from standard input take the batch path (byte writer, parallel jobs).
        if !pretty && gvl == nil && (operands.isEmpty || operands == ["-"]) {
            return BatchDecode.run(jobs: jobs ?? BatchDecode.defaultJobs, options: decoding.options)
        }
        return Inputs.each(operands, arguments, maximumLength: decoding.options.maximumLength) { input, line in
            switch decode(input, options: decoding.options) {
            case .success(var json):
                if let gvl, case .object(var members) = json,
                    let tc = try? Inputs.tcString(input, options: decoding.options)
                {
                    members.append(("vendorNames", PermissionsCommand.vendorNames(tc, gvl)))
                    json = .object(members)
                }
                Terminal.out(json.serialized(pretty: pretty))
                return false
            case .failure(let error):
                // A stream keeps one output per input line; a single string has only the error.
                if line != nil { Terminal.out(JSON.object([("error", error.json)]).serialized(pretty: pretty)) }
                Inputs.report(error, line: line)
                return true
            }
        }
    }

    /// The JSON for a string: the decode schema for a TC string; for a GPP string (a header starting
    /// with `D`, Type 3, followed by `~`-separated sections) `{"gppVersion", "sectionIds", "tcfeuv2",
    /// "sections"}`, `tcfeuv2` being the decode schema or `null`. A `D` alone is not enough: it is
    /// also how a TC string with the unsupported Version 3 begins.
    static func decode(
        _ input: UnsafeBufferPointer<UInt8>,
        options: TCString.DecodingOptions = TCString.DecodingOptions()
    ) -> Result<JSON, TCStringError> {
        Result { () throws(TCStringError) in
            guard Inputs.isGPP(input) else { return try TCString(encodedBytes: input, options: options).json }
            let gpp = try GPPString(encoded: String(decoding: input, as: UTF8.self), options: options)
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

    /// ``decode(_:)-(UnsafeBufferPointer<UInt8>)`` of a string's UTF-8 bytes.
    static func decode(_ string: String) -> Result<JSON, TCStringError> {
        var string = string
        return string.withUTF8 { decode($0) }
    }
}
