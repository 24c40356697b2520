// Onesecondbefore's two flows, rule by rule, from Onesecondbefore's "iOS App Tracking · howto".
// With ConsentFlow+Rules.swift (the rules every flow shares) this file holds both flows whole:
// their defaults, then their decision. The DocC article GuideFlows quotes the same sentences.

extension ATTFlow {
    /// Onesecondbefore's flows, ``ATTFlow/onesecondbeforeATTFirst`` and ``ATTFlow/onesecondbeforeCMPFirst``.
    enum Onesecondbefore: CMPGuide {
        /// "1. Recommended consent flow": ATT first, then the consent dialogue; "No changes to the
        /// consent dialogue will be made depending on the answer on the App Tracking Request." (a
        /// denial rejects nothing).
        static let attFirst = GuideDefaults(asksATTFirst: true)

        /// "2. Alternative consent flow": "First show the consent dialogue."; ATT only "If the user
        /// consented to any advertising, social or marketing purposes (e.g. IAB purposes 2-6)"
        /// ("Open WebView with consent page").
        static let cmpFirst = GuideDefaults(asksATTFirst: false, trigger: .purposes2to6)

        static func next(_ guide: ATTFlow, _ input: ConsentFlow.Input, refusal: Bool, flow: ConsentFlow) -> ATTNextStep
        {
            guide == .onesecondbeforeATTFirst
                ? nextRecommended(input, refusal: refusal, flow: flow) : nextAlternative(input, flow: flow)
        }

        /// "1. Recommended consent flow".
        private static func nextRecommended(_ input: ConsentFlow.Input, refusal: Bool, flow: ConsentFlow) -> ATTNextStep
        {
            // "First ask if you can use the ID for Advertisers with an App Tracking Request." "The
            // consent dialogue will be shown after.", whatever the answer: "No changes to the
            // consent dialogue will be made depending on the answer on the App Tracking Request.";
            // "Open WebView with consent page": "Do this only when consent has not been given
            // previously (it either is not stored in UserDefaults or its value has expired)."
            let cmpIfNeeded: ATTNextStep = input.consent.needsCMP ? .showCMP : .done
            return flow.attFirstStep(input, refusal: refusal, afterRefusal: cmpIfNeeded)
        }

        /// "2. Alternative consent flow".
        private static func nextAlternative(_ input: ConsentFlow.Input, flow: ConsentFlow) -> ATTNextStep {
            // "First show the consent dialogue."; "Open WebView with consent page": "If consent has
            // expired, the WebView should be shown again."
            if input.consent.needsCMP { return .showCMP }
            // "If the user consented to any advertising, social or marketing purposes (e.g. IAB
            // purposes 2-6), ask for Apple App Tracking" (the trigger); once answered, "it is not
            // possible to resurface the App Tracking Request at will".
            return flow.attAfterCMP(input)
        }
    }
}
