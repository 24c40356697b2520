import IABTCF
import IABTCFAppTracking
import TCFJSON

/// What `tcstring --help` and each `tcstring COMMAND --help` print.
enum Usage {
    /// The tool's version, as `tcstring --version` prints it (see CHANGELOG.md).
    static let version = "0.1.0"

    /// Reading commands take a string, or `-` / nothing for one string per line of standard input;
    /// `limit` is what a line may not exceed (`--max-length`, or the default for a command without it).
    /// `gpp` says what of a GPP string the command reads (by default its TCF EU v2 section).
    static func inputNote(
        limit: String = "--max-length",
        gpp: String = "its TCF EU v2 section is used"
    ) -> String {
        let note =
            "STRING may be a TC string or a GPP string (\(gpp)). Without STRING, or with -, read one string "
            + "per line from standard input and write one result per line as each arrives: a blank line is "
            + "an error (emptyString), and an error object for a line ends with its 1-based \"line\"; a line "
            + "longer than \(limit) is refused as it is read, with its own output line. ASCII spaces, tabs and "
            + "carriage returns around STRING and around each line are trimmed (the library takes strings "
            + "exactly as given)."
        // Wrapped here, since `gpp` differs by command.
        return wrap(Substring(note), width: 98).map { "  " + $0 }.joined(separator: "\n")
    }

    /// What `decode`, `reencode`, `explain`, `validate` and `inapp` read of a GPP string.
    static let everySection = "every section is read, by IABGPP"

    /// What `ads` does with a GPP string: `IABGPP_HDR_GppString`, never its TCF EU v2 section.
    static let adsGPP =
        "it stands for IABGPP_HDR_GppString: where the GDPR does not apply its US sections in force decide; "
        + "where it applies the answer is tcfOnlyInGPP, its TCF EU v2 section is not read"

    /// The purposes a publisher restriction may name: 1-24.
    static let purposeIds = (1...PurposeSet.maxID).text

    /// What `--strict` does, for every reading command (lines joined by ``options(_:)``).
    static let strictHelp =
        "also refuse what base64 or the specification does not allow, each with its own code: set padding "
        + "bits or data after the last field (nonZeroPadding), '=' that is not exact padding (invalidPadding), "
        + "letters outside A-Z (invalidLetter), restriction purposes outside \(purposeIds) (invalidPurposeId), "
        + "4n+1 segment lengths (invalidSegmentLength)"

    /// `--jobs N`, for every command that streams standard input (one parser: ``DecodingFlags``).
    static let jobs = ("--jobs N", "read standard input on N cores (default: all), output in input order")

    static let maxLengthHelp =
        "accept strings up to N bytes (default \(TCString.DecodingOptions.defaultMaximumLength), the library's default)"

    /// Option rows as one column of names and one of descriptions: each name `indent` spaces in
    /// and padded to `width` (by default the longest name), a description's further lines
    /// indented to its column; a description line that would pass column 100 wraps at a space
    /// (``wrap(_:width:)``).
    static func options(_ rows: [(String, String)], indent: Int = 2, width: Int? = nil) -> String {
        let width = width ?? rows.map(\.0.count).max() ?? 0
        let margin = String(repeating: " ", count: indent)
        let column = String(repeating: " ", count: indent + width + 2)
        return rows.map { name, text in
            let lines = wrap(
                lines: text.split(separator: "\n", omittingEmptySubsequences: false),
                width: 100 - column.count
            )
            let first = margin + name + String(repeating: " ", count: width - name.count + 2) + lines[0]
            return ([first] + lines.dropFirst().map { column + $0 }).joined(separator: "\n")
        }.joined(separator: "\n")
    }

    /// A description's lines wrapped to `width` at word boundaries, filling each line: a `\n` in a
    /// description is where its source line ended, not a break, unless the next line is indented
    /// (a list's own line) or empty; so no phrase is cut by a break written for another width.
    static func wrap(lines: [Substring], width: Int) -> [Substring] {
        var paragraphs: [Substring] = []
        for line in lines {
            if let last = paragraphs.last, !last.isEmpty, line.first != " ", !line.isEmpty {
                paragraphs[paragraphs.count - 1] = Substring(last + " " + line)
            } else {
                paragraphs.append(line)
            }
        }
        return paragraphs.flatMap { wrap($0, width: width) }
    }

    /// `line` in lines of at most `width` characters, broken at spaces (a longer word stays whole).
    static func wrap(_ line: Substring, width: Int) -> [Substring] {
        var lines: [Substring] = []
        var rest = line
        while rest.count > width, let space = rest.prefix(width + 1).lastIndex(of: " ") {
            lines.append(rest[..<space])
            rest = rest[rest.index(after: space)...]
        }
        return lines + [rest]
    }

    static let decode =
        synopsis("decode", DecodeCommand.options) + "\n" + """
              Decode to JSON: the decode schema (see README), or for a GPP string {"gppVersion",
              "sectionIds", "tcfeuv2", "sections"}, each section {"id", "name", "value", "fields"}
              (fields: the specification's names, lowercase first letter; gpc null without the GPC
              sub-section; Datetime fields ISO-8601 like created; tcfeuv2: the decode schema), then
              what the decoder read: "compatibility" (US sections: the rule applied, e.g.
              "usnatVersion1WithVersion2Widths", or null), "layout" (the MSPA states: "sectionHeader"
              or "noHeader"), "encoding" ("fibonacci", "legacy" or "literal") and
              "hasPubRestrictions" (tcfcav1). The string is read section by section: a section
              IABGPP refuses is {"id", "name", "value", "error": {...}} (the error object of a
              failing line, naming section, field and character) in place of "fields", the others
              are printed, and the exit status is 1; --strict refuses the whole string instead. From
              standard input, one JSON object per line (JSON Lines), {"error": {...}} for a line
              that does not decode; exit 1 when any did not.

            """ + table(DecodeCommand.options) + "\n" + inputNote(gpp: everySection)

    static let permissions =
        synopsis("permissions", PermissionsCommand.options) + "\n" + """
              For each vendor of the vendor list FILE (ascending), may it process each purpose, special
              purpose and special feature under this string? One JSON object per vendor and line:
              {"vendorId", "name", "purposes": {"1": {"allowed", "basis", "reason"}, ...},
              "specialPurposes": {...}, "specialFeatures": {"1": {"allowed", "reason"}, ...}}; basis is
              "consent", "legitimateInterest" or null when not allowed. From standard input, one line per
              string: {"tcString", "vendors": [...]}.

            """ + table(PermissionsCommand.options) + "\n" + inputNote()

    static let encode =
        synopsis("encode", [EncodeChoiceCommand.maximumLengthOption], operands: "[FILE | JSON | -]") + "\n" + """
              Read one JSON object in the decode schema (from FILE, from the argument itself when it
              starts with {, or from standard input) and print its canonical TC string; fails
              (encodingTooLong) rather than print a string longer than decoding accepts by default.
              {"sections": [...]} is a GPP string's decode schema: each section by "name" (or "id")
              and "fields" (left-out fields take the section's defaults, the GPC sub-section absent
              unless gpc is given; tcfeuv2's fields are this TC schema; Datetime ISO-8601 or
              deciseconds; the keys compatibility, layout, encoding, hasPubRestrictions are read),
              or by "id" and "value" (its text); prints the canonical GPP string. Input that is not
              one JSON value but several lines is JSON Lines: one string per line (an empty line for
              a line that fails), so decode's output reads back line by line. Both schemas take ids (and
              sections) in any order and write them in canonical order, suggest the nearest key for an
              unknown one, and default a left-out date to today at 00:00 UTC (LastUpdated to Created).

            """ + table([EncodeChoiceCommand.maximumLengthOption], width: encodeWidth) + "\n" + EncodeCommand.keysHelp
        + "\n" + encodeChoice

    /// The width of `encode`'s option column, the same for both modes.
    static let encodeWidth = EncodeChoiceCommand.options.map(\.label.count).max() ?? 0

    static let encodeChoice =
        synopsis("encode", EncodeChoiceCommand.options, operands: "") + "\n" + """
              Print the TC string a CMP writes for a choice made in a notice showing vendors of the
              vendor list FILE (one of --accept-all, --reject-all and --choice FILE; --cmp-id N is
              required): Disclosed Vendors = the shown vendors; Accept All consents to every
              purpose, special feature and vendor they declare on consent (or flexible) and sets the
              legitimate interests they declare (or flexible), except purpose 1, and 3-6 under
              policy 4 and later; Reject All sets nothing. VendorListVersion and TcfPolicyVersion are
              the list's, Created = LastUpdated = --date. A string validate --gvl would flag (a
              policy-2 list after \(TCFPolicy.tcf22LastDayBefore), a restriction the vendor's declarations do not allow,
              CmpId 0 or 1) is refused, exit 1.

            """ + table(EncodeChoiceCommand.options, width: encodeWidth)

    static let reencode =
        synopsis("reencode", EncodeCommand.reencodeOptions) + "\n" + """
              Decode and re-encode, keeping the input's layout for unchanged sections: any string that
              decodes comes back byte for byte, a GPP string whole (IABGPP's .preservingLayout: its
              header, every section and each part's padding as they were). --canonical prints the
              canonical encoding instead. Fails (encodingTooLong) rather than print a string longer
              than decoding accepts by default.

            """ + table(EncodeCommand.reencodeOptions) + "\n" + inputNote(gpp: everySection)

    static let explain =
        synopsis("explain", ExplainCommand.options) + "\n" + """
              Print every field (segment, bit offset, width, raw bits, value) and why each vendor
              section is a bitfield or ranges. For a string that does not decode, every field read
              before the error, then the error; exit 1. For a GPP string, one table per section:
              section 2 as a TC string; the others by their tables (part, field by its specification
              name, type, value, meaning from the table's values, e.g. 1 = Opted Out), then what the
              decoder read (compatibility, layout, encoding).

            """ + table(ExplainCommand.options) + "\n" + inputNote(gpp: everySection)

    static let validate =
        synopsis("validate", PolicyCommands.validateOptions) + "\n" + """
              Check TCF 2.2/2.3 policy rules, and what strict decoding refuses (set padding bits,
              inexact '=', 4n+1 segment lengths, letters outside A-Z, restriction purposes outside
              \(purposeIds)): one finding per line (rule: message), exit 1 when any. A GPP string
              gets IABGPP's rules on every section (gpp.mspaCoveredTransaction, gpp.mspaModes,
              gpp.optOutWithoutNotice, gpp.reservedValue, gpp.compatibilityReading,
              gpp.ambiguousEncoding, gpp.sectionIDs; with --gpp-sid gpp.gppSIDSectionMissing), each
              naming section and field ("section" and "field" in --json), then the policy rules of
              its TCF EU v2 section if it has one; without one it is valid GPP.

            """ + table(PolicyCommands.validateOptions) + "\n" + inputNote(gpp: everySection)

    static let inApp =
        synopsis("inapp", PolicyCommands.inAppOptions) + "\n" + """
              Print the CMP API's IABTCF_ in-app key/value map as one JSON object, keys sorted; for a
              GPP string also the GPP CMP API's keys of every section (IABGPP_HDR_Version,
              IABGPP_HDR_Sections, IABGPP_HDR_GppString, IABGPP_GppSID, IABGPP_[SectionID]_String)
              and the pre-parsed IABGPP_<prefix>_<Field> value of every field (IABGPP_USNAT_SaleOptOut;
              Boolean 0/1, Datetime in ms, ids joined by _), and the IABTCF_ keys only when it has a TCF
              EU v2 section.
              With --read FILE (a JSON object of keys and values as UserDefaults holds them), print
              {"storedConsent", "problems", "adServing"}: what the library reads from the keys, what
              is wrong with them (pre-parsed keys out of step with IABGPP_HDR_GppString too), and the
              ad serving answer (the object tcstring ads prints; null where the GDPR applies and no TC
              string decodes).

            """ + table(PolicyCommands.inAppOptions) + "\n" + inputNote(gpp: everySection)

    static let additionalConsent =
        synopsis("ac", AdditionalConsentCommand.options) + "\n" + """
              Parse a Google Additional Consent string (1~... or 2~...~dv....) and print
              {"version", "consentedProviders", "disclosedProviders", "formatted"}; errors give the
              1-based character position; a GPP string is not one and fails. Without STRING, or with -,
              one string per line of standard input, {"error": {...}} for a line that does not parse or
              is blank (as decode writes it, with its "line"); a line longer than \(TCString.DecodingOptions.defaultMaximumLength) bytes is
              refused as it is read (inputTooLong). ASCII spaces, tabs and carriage returns around
              STRING and each line are trimmed.

            """ + table(AdditionalConsentCommand.options)

    static let bench =
        synopsis("bench", BenchCommand.options, operands: "FILE") + "\n" + """
              Time the workload on each line of FILE (build with -c release); prints
              {"line", "chars", "workload", "nsPerOp", "checksum"} per line. decode: a full TCString;
              scan: validate every field and build nothing (TCString.query); query: 30 consent questions
              answered without building a value (TCString.query); query-value: the same questions of a
              decoded TCString; full: decode and read every field and id. permissions: the full
              permission matrix of each (decoded) string over every vendor of --gvl FILE. gvl: parse
              FILE as a vendor list; prints {"file", "bytes", "workload", "nsPerOp", "checksum"}.
              gpp: a full GPPString (header and every section) per line of GPP strings; the other
              workloads take TC strings only.

            """ + table(BenchCommand.options)

    static let random =
        synopsis("random", RandomCommand.options, operands: "") + "\n" + """
              Print N canonical TC strings of seeded random models, one per line, covering every
              feature (vendor ranges and bitfields, restrictions, every segment, custom purposes). Each
              passes validate: created and last updated on one day, CmpId 2 or more, a TCF 2.2 policy
              version, Disclosed Vendors covering every vendor bit, no legitimate interest on the
              consent-only purposes, only the defined special features. No GPP strings: encode
              {"sections": [...]} writes one.

            """ + table(RandomCommand.options)

    static let att =
        synopsis("att", ATTCommand.options, operands: "") + "\n" + """
              The next step of an App Tracking Transparency + consent flow as one JSON object: next,
              reject, idfaAllowed, trackersAllowed, reapplyAfterCMP, warnings, tcString (with
              --tc-string: the string after the rejection, its dates kept; byte for byte the input
              when nothing changes or the choice is expired or dated in the future), statusChanged,
              rejectPurposes, rejectSpecialFeatures, rejectVendors, attRequestableFrom (the first day
              ATT may be requested, "YYYY-MM-DD", or null), adServing (what tcstring ads prints for
              the string kept, vendor 755; null without a string where the GDPR applies).
              T (our strategies): \(ATTStrategy.allCases.map(\.rawValue).joined(separator: ", ")).
              FLOW (a guide's flow, literally): didomi-att-first, didomi-cmp-first, pubconsent-att-first,
                pubconsent-cmp-first, consentmanager, onesecondbefore-att-first,
                onesecondbefore-cmp-first, adjust, google-ump (Google's User Messaging Platform).
              S: notDetermined, restricted, denied, authorized, unavailable (no ATT: below iOS 14,
                macOS) or Apple's raw number 0-3; any other number fails closed as denied.
              An option that does not apply to the chosen T or FLOW is a usage error (exit status 2):
              the ones below outside the flows or strategies they name, --trigger and --consent with
              adjust (it has no CMP), --reject-vendors with a flow that rejects everything unless
              --scope is given, --gvl unless the rejection removes all vendors.

            """ + table(ATTCommand.options)

    static let ads =
        synopsis("ads", AdsCommand.options) + "\n" + """
              May I request ads from the vendor, and which kind? Google's "Ad serving modes" tables
              applied to the vendor's own bits, disclosure and the publisher's restrictions. One JSON
              object per string: {"vendor": N, "mode": "personalized" | "nonPersonalized" | "limited" |
              "technical" | "none", "reasons": [...]}, each reason why the mode is not a better one:
                {"reason": "gdprDoesNotApply"}  the TC string does not limit the mode
                {"reason": "expired", "lastUpdated", "ageDays", "maxAgeDays"}  LastUpdated too old
                {"reason": "futureDated", "created", "lastUpdated", "today"}  Created or LastUpdated
                  after the day after --today: no choice yet
                {"reason": "notDisclosed"}  the vendor is absent from Disclosed Vendors
                {"reason": "tcf23DisclosedVendorsMissing"}  created on or after 2026-03-01 with no
                  Disclosed Vendors segment (TCF 2.3): no vendor is disclosed, mode none
                {"reason": "missingPurposes", "mode", "purposes": [{"purpose", "needs", "reason"}]}
                  what the better mode needs ("consent" or "consentOrLegitimateInterest") and the
                  string's answer for the vendor (a permission reason, as in tcstring permissions)
                {"reason": "tcfOnlyInGPP"}  a GPP string's TCF EU v2 section, which Google does not
                  read where the GDPR applies ("TCF strings sent through the GPP will not be accepted")
                {"reason": "usOptOut", "sectionId", "section", "field", "readByGoogle"}  a US section
                  in force records an opt-out of sale, sharing or targeted advertising, or GPC:
                  Google's restricted data processing; readByGoogle false: AdMob does not read that
                  section inside GPP (it reads California, Virginia, Colorado, Connecticut), so the
                  app sets gad_rdp itself
                {"reason": "usPrivacyOptOut", "usPrivacy"}  --us-privacy opts out of sale (1YYN)
                {"reason": "usActivityRule", "sectionId", "section", "rule", "readByGoogle"}  a rule
                  of Prebid's US table denies user syncs (tcstring activities): a known child without
                  consent, MspaServiceProviderMode=1, a notice not given
                {"reason": "restrictedDataProcessing"}  --gad-rdp
                {"reason": "gppStringUnreadable"}  a stored GPP string that does not decode (from
                  tcstring inapp's key file): treated as an opt-out
                {"reason": "gppSectionUnreadable", "sectionId", "code", "position"}  the GPP string's
                  section sectionId does not decode (code: the GPP error, position: its 1-based
                  character or null): a US section in force is treated as an opt-out; the
                  other sections are read, and the input fails (exit 1)
                {"reason": "gppSectionMissing", "sectionId"}  --gpp-sid names a US section the
                  string does not hold: treated as an opt-out (never looser than the choice)
                {"reason": "gppSectionNotInForce", "sectionId"}  a section of the string that
                  --gpp-sid does not name: not in force, does not decide
              A GPP string stands for IABGPP_HDR_GppString: where the GDPR does not apply (the
              default for a GPP string without section 2) its US sections in force decide.
              A string that does not decode gives {"error": {...}} and exit 1.

            """ + table(AdsCommand.options) + "\n" + inputNote(gpp: adsGPP)

    static let renew =
        synopsis("renew", RenewCommand.options) + "\n" + """
              Must the stored choice be asked again? One JSON object per string: {"renew": true|false,
              "reasons": [...]}, each reason {"reason", ...details}:
                {"reason": "newVendors", "vendors": [ids]}  shown vendors not in Disclosed Vendors
                {"reason": "changedDeclarations", "vendors": [{"vendorId", "purposes",
                  "legIntPurposes", "specialPurposes", "specialFeatures"}]}  what each disclosed
                  vendor gained since --previous-gvl (purposes: on consent or flexible;
                  legIntPurposes: on legitimate interest or flexible)
                {"reason": "policyVersion", "string": N, "list": N}  TcfPolicyVersion below the list's
                {"reason": "expired", "lastUpdated", "ageDays", "maxAgeDays"}  LastUpdated too old
                {"reason": "futureDated", "created", "lastUpdated", "today"}  Created or LastUpdated
                  after the day after --today: no choice yet
              Exit 0 whether or not to renew, 1 for a string that does not decode.

            """ + table(RenewCommand.options) + "\n" + inputNote()

    static let activities =
        synopsis("activities", ActivitiesCommand.options) + "\n" + """
              Prebid's US activities for a GPP string's US sections in force (docs.prebid.org, "Prebid
              US Compliance Support": "USNat Activity Restrictions", each state translated to US
              National terms first). One JSON object per string: {"activities": {"syncUser",
              "enrichEids", "enrichUfpd", "transmitEids", "transmitUfpd", "transmitPreciseGeo": bool},
              "reasons": [...], "sections": [{"id", "name", "denied": [...]}]}, true = allowed:
                {"reason": "rule", "sectionId", "section", "rule", "denies"}  a rule of Prebid's table
                  held, in US National terms ("SaleOptOut=1", "KnownChildSensitiveDataConsents[1]=1")
                {"reason": "sectionMissing", "sectionId", "section"}  in force, not in the string:
                  every activity denied
                {"reason": "sectionUnreadable", "sectionId", "section", "code", "position"}  in force,
                  does not decode: every activity denied (the input fails, exit 1)
                {"reason": "unknownVersion", "sectionId", "section", "version"}  a Version the rules
                  do not know: every activity denied
                {"reason": "notInForce", "sectionId", "section"}  a US section not in --gpp-sid
              Without --gpp-sid every US section of the string (6-27) is in force. --usnat adds
              "usnat": the first US section in force read, as US National fields (null where the
              state has none). Exit 0 for every string that decodes.

            """ + table(ActivitiesCommand.options) + "\n" + inputNote(gpp: "its US sections are read")

    static let tool = """
        usage: tcstring COMMAND [OPTIONS] [ARGUMENTS]

        """
        + options(Command.all.map { ($0.name, $0.summary) }) + "\n" + """
            `tcstring COMMAND --help` describes a command; `tcstring --version` prints the version.
            Exit status: 0 success, 1 input that does not decode (or validate), 2 a command line mistake.
            Strings given as arguments or lines are trimmed of ASCII spaces, tabs and carriage returns.
            """
}

/// One command of the tool. ``all`` is the one list of commands: `tcstring COMMAND` runs the one
/// named, `tcstring help` lists them with their summaries, and `tcstring help COMMAND` and
/// `tcstring COMMAND --help` print their usage.
struct Command: Sendable {
    let name: String
    /// One line for `tcstring help`.
    let summary: String
    /// What `--help` prints; a command line mistake prints it too.
    let usage: String
    /// Runs the command on the arguments after its name; returns the exit status.
    let run: @Sendable ([String]) -> Int32

    /// Every command, in the order `tcstring help` lists them.
    static let all = [
        Command(
            name: "decode",
            summary: "TC or GPP strings to JSON (JSON Lines from standard input, in parallel)",
            usage: Usage.decode,
            run: DecodeCommand.run
        ),
        Command(
            name: "encode",
            summary: "a JSON object in the decode schema to its canonical TC string",
            usage: Usage.encode,
            run: EncodeCommand.encode
        ),
        Command(
            name: "reencode",
            summary: "decode and re-encode, keeping the input's layout",
            usage: Usage.reencode,
            run: EncodeCommand.reencode
        ),
        Command(
            name: "explain",
            summary: "every field with its segment, bit offset, width and raw bits",
            usage: Usage.explain,
            run: ExplainCommand.run
        ),
        Command(
            name: "validate",
            summary: "TCF 2.2/2.3 policy findings",
            usage: Usage.validate,
            run: PolicyCommands.validate
        ),
        Command(
            name: "permissions",
            summary: "may each vendor of a vendor list process each purpose",
            usage: Usage.permissions,
            run: PermissionsCommand.run
        ),
        Command(
            name: "renew",
            summary: "must a stored choice be asked again (new vendors, changes, age)",
            usage: Usage.renew,
            run: RenewCommand.run
        ),
        Command(
            name: "ads",
            summary: "may I request ads from a vendor (Google), and which kind",
            usage: Usage.ads,
            run: AdsCommand.run
        ),
        Command(
            name: "consent-mode",
            summary: "Google's consent mode values (analytics_storage, ad_storage, ...)",
            usage: ConsentModeCommand.usage,
            run: ConsentModeCommand.run
        ),
        Command(
            name: "webview-js",
            summary: "the __tcfapi and __gpp JavaScript APIs for a web view, from a key file",
            usage: WebViewJSCommand.usage,
            run: WebViewJSCommand.run
        ),
        Command(
            name: "activities",
            summary: "Prebid's US activities (syncUser, transmitUfpd...) for a GPP string",
            usage: Usage.activities,
            run: ActivitiesCommand.run
        ),
        Command(
            name: "inapp",
            summary: "the IABTCF_ in-app key/value map",
            usage: Usage.inApp,
            run: PolicyCommands.inApp
        ),
        Command(
            name: "ac",
            summary: "a Google Additional Consent string",
            usage: Usage.additionalConsent,
            run: AdditionalConsentCommand.run
        ),
        Command(
            name: "att",
            summary: "the next step of an App Tracking Transparency + consent flow",
            usage: Usage.att,
            run: ATTCommand.run
        ),
        Command(name: "bench", summary: "time decoding a file of strings", usage: Usage.bench, run: BenchCommand.run),
        Command(
            name: "random",
            summary: "seeded random TC strings that pass validate (--any: anything)",
            usage: Usage.random,
            run: RandomCommand.run
        ),
    ]

    /// The command called `name`, if there is one.
    static func named(_ name: String) -> Command? { all.first { $0.name == name } }
}
