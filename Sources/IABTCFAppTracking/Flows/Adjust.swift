// Adjust's flow, rule by rule, from Adjust's "App Tracking Transparency framework". Adjust has no
// CMP: with ConsentFlow+Rules.swift (the rules every flow shares, among them the decision of a flow
// without a CMP) this file holds the flow whole. The DocC article GuideFlows quotes the same
// sentences.

extension ATTFlow {
    /// Adjust's flow, ``ATTFlow/adjust``.
    enum Adjust {
        /// Request ATT while notDetermined, no CMP, nothing rejected: introduction, "If you want to
        /// record the device's ID for Advertisers (IDFA), you must display a prompt in your app to
        /// gather the user's consent".
        static let defaults = GuideDefaults(asksATTFirst: true)

        /// The decision for `input`, refined by `flow`: ATT alone. The IDFA "Only if the user grants
        /// ATT consent" ("iOS 17 consent handling"); every status change is reported to the SDK
        /// ("Check for authorization status change"), which ``ConsentFlow/Decision/statusChanged`` says.
        static func decision(
            for input: ConsentFlow.Input,
            permission: ATTPermission,
            flow: ConsentFlow
        ) -> ConsentFlow.Decision {
            flow.decisionWithoutCMP(for: input, permission: permission)
        }
    }
}
