import IABGPP

/// `tcstring webview-js --read FILE`: the IAB's JavaScript CMP APIs for a web view
/// (`InAppWebViewScript.script(inAppKeys:)`), answering from a key file as `inapp --read` reads it.
enum WebViewJSCommand {
    struct Values {
        var readPath: String?
    }

    /// The options, declared once (see ``OptionRow``).
    static var options: [OptionRow<Values>] {
        [
            .value(
                ["--read"],
                "FILE",
                "the keys: a JSON object of keys and values as UserDefaults holds them\n(the file inapp --read reads)",
                required: true
            ) { values, arguments, name in values.readPath = arguments.value(of: name) }
        ]
    }

    static let usage =
        Usage.synopsis("webview-js", options, operands: "") + "\n" + """
              Print a script defining __tcfapi (TCF CMP API v2.2: ping, getTCData, addEventListener,
              removeEventListener) and __gpp (GPP CMP API 1.1: ping, addEventListener,
              removeEventListener, hasSection, getSection, getField), answering from the keys:
              add it to a WKWebView as a WKUserScript at document start. Run again in a page, it
              updates both APIs in place and notifies their listeners. Every stored value is
              embedded as JSON escaped for a script (<, >, &, U+2028 and U+2029 as \\u escapes).
              __gpp answers from the stored GPP string (IABGPP_HDR_GppString) and IABGPP_GppSID;
              __tcfapi answers from the IABTCF_ keys alone.

            """ + Usage.table(options)

    static func run(_ arguments: [String]) -> Int32 {
        var arguments = Arguments(arguments, command: "webview-js")
        var values = Values()
        arguments.parse(options, into: &values) { operand, arguments in arguments.fail("unexpected \(operand)") }
        guard let path = values.readPath else { arguments.fail("needs --read FILE") }
        var script = InAppWebViewScript.script(inAppKeys: PolicyCommands.keyFile(path))
        script.removeLast()  // Terminal.out ends the line.
        Terminal.out(script)
        return 0
    }
}
