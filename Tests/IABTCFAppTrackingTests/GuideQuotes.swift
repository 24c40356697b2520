import IABTCFVendorList

/// A sentence of one of the five integration guides, cited so a reader can check it: the vendor,
/// the page title, the section and the quoted sentence (the guides are third-party pages, not part
/// of the repository).
struct GuideQuote: Sendable, CustomStringConvertible {
    /// The vendor, as ``IABTCFAppTracking/ATTFlow/guide`` names it.
    let vendor: String
    /// The section of the page (its heading, or where the page has none, what the passage is).
    let section: String
    /// The sentence, verbatim.
    let sentence: String

    /// Each vendor's page.
    static let pages = [
        "Didomi": "App Tracking Transparency (iOS 14.5+)",
        "PubConsent": "App Tracking Transparency (iOS 14.5+)",
        "consentmanager": "[iOS] 4. Working with ATT (App Tracking Transparency / iOS)",
        "Adjust": "App Tracking Transparency framework",
        "Onesecondbefore": "iOS App Tracking · howto",
    ]

    var description: String { "\(vendor), \"\(Self.pages[vendor]!)\", \(section): \"\(sentence)\"" }

    init(_ vendor: String, _ section: String, _ sentence: String) {
        self.vendor = vendor
        self.section = section
        self.sentence = sentence
    }

    static let didomiATTFirst = "\"Show the ATT permission then the CMP notice if the user accepts the ATT permission\""
    static let didomiCMPFirst =
        "\"Show the CMP notice then the ATT permission if the user gives consent in the CMP notice\""
    static let pubConsentOption1 =
        "option 1, \"1) Ask for permission via ATT, then collect consent from the CMP only if the user has granted permission via ATT.\""
    static let pubConsentSample =
        "the sample, \"This Sample Demonstrates How to Display the ATT Permission Request if the iOS version is 14 or later.\""
    static let consentmanagerTable = "\"Step 6: Decision Table — ATT × CMP Behavior × SDK Actions\""
    static let consentmanagerChecklist = "\"Step 12: Developer Checklist\""
    static let onesecondbeforeWebView = "\"Open WebView with consent page\""

    static let all: [String: GuideQuote] = [
        "didomi.attAlwaysDisplayed": GuideQuote(
            "Didomi",
            didomiATTFirst,
            "The ATT permission request will always be displayed if it is not restricted."
        ),
        "didomi.noticeOnlyIfAccepted": GuideQuote(
            "Didomi",
            didomiATTFirst,
            "The Didomi consent notice will only be displayed if the user accepts the ATT permission OR the ATT permission cannot be displayed for any reason (restricted or iOS < 14)."
        ),
        "didomi.assumedNoCMPConsent": GuideQuote(
            "Didomi",
            "\"Recommended solutions\"",
            "The main drawback of this solution is that a user who does not give consent to ATT is assumed to also not give consent to the CMP even though ATT and the CMP deal with different purposes and vendors."
        ),
        "didomi.cmpAlwaysDisplayed": GuideQuote(
            "Didomi",
            didomiCMPFirst,
            "The CMP consent notice will always be displayed and the ATT permission will not show if the user denies consent to all purposes in the Didomi consent notice."
        ),
        "didomi.atLeastOnePurpose": GuideQuote(
            "Didomi",
            didomiCMPFirst,
            "The user gave consent to at least one purpose in the Didomi consent notice"
        ),
        "didomi.remainsNotDetermined": GuideQuote(
            "Didomi",
            didomiCMPFirst,
            "The ATT status will remain notDetermined."
        ),
        "didomi.independent": GuideQuote(
            "Didomi",
            "\"What happens if the customer gives consent in the Didomi CMP but rejects the ATT permission? (or the other way around)\"",
            "The two are independent."
        ),
        "didomi.noCMPAfterDenial": GuideQuote(
            "Didomi",
            "\"Apple guidelines\"",
            "Do not show the CMP after a user denies an ATT permission request."
        ),
        "didomi.notClosable": GuideQuote(
            "Didomi",
            "\"Apple guidelines\"",
            "If you show the ATT permission request after the CMP, do not allow the CMP to be closed without the user agreeing or disagreeing."
        ),
        "didomi.alwaysShowATTAfterCMP": GuideQuote(
            "Didomi",
            "its App Review advice, \"We recommend being careful about the following points\"",
            "If you show the ATT permission request after the CMP, always show the ATT permission irrespective of the user choice in the CMP."
        ),
        "pubconsent.option1": GuideQuote(
            "PubConsent",
            pubConsentOption1,
            "Ask for permission via ATT, then collect consent from the CMP only if the user has granted permission via ATT."
        ),
        "pubconsent.assumedToDeny": GuideQuote(
            "PubConsent",
            pubConsentOption1,
            "The primary drawback of this approach is that if a user denies consent via ATT, they are assumed to also deny consent through the CMP."
        ),
        "pubconsent.attAlwaysDisplayed": GuideQuote(
            "PubConsent",
            pubConsentSample,
            "The ATT permission request will always be displayed if the device is running iOS 14 or later and the ATT status is not restricted."
        ),
        "pubconsent.uiOnlyIf": GuideQuote(
            "PubConsent",
            pubConsentSample,
            "The PubConsent UI will be shown only if the user accepts the ATT permission request or if the ATT permission request cannot be shown (due to restrictions or if the iOS version is below 14)."
        ),
        "pubconsent.cmpThenATT": GuideQuote(
            "PubConsent",
            "option 2, its pros and cons",
            "Users will still need to be asked twice (first by the CMP and then by ATT), which could potentially lead to user fatigue or annoyance."
        ),
        "pubconsent.distinctChoices": GuideQuote(
            "PubConsent",
            "option 2, its pros and cons",
            "The main advantage of this implementation is that it allows users to make distinct choices between ATT tracking and the various purposes and vendors managed by the CMP."
        ),
        "pubconsent.closeWithoutConsent": GuideQuote(
            "PubConsent",
            "closing the popup (disableCmpPopup)",
            "If you need to close the popup without expressing any consent you can call the method:"
        ),
        "consentmanager.requestIfNotDetermined": GuideQuote(
            "consentmanager",
            "\"Step 3: Request ATT Authorization\"",
            "If status is .notDetermined, request authorization when the app is active:"
        ),
        "consentmanager.handleResultThenCMP": GuideQuote(
            "consentmanager",
            "\"Step 4: Handle ATT Result\"",
            "Define how to process the ATT result and then launch CMP:"
        ),
        "consentmanager.tableNotDetermined": GuideQuote(
            "consentmanager",
            consentmanagerTable,
            "Wait for ATT prompt, then launch CMP. Do not initialize trackers yet."
        ),
        "consentmanager.tableAuthorized": GuideQuote(
            "consentmanager",
            consentmanagerTable,
            "Collect granular CMP consent. Enable ad/analytics only if CMP allows."
        ),
        "consentmanager.tableDenied": GuideQuote(
            "consentmanager",
            consentmanagerTable,
            "Treat advertising/profiling as declined. Reject ad purposes/vendors programmatically, then show CMP for non-tracking purposes."
        ),
        "consentmanager.tableRestricted": GuideQuote(
            "consentmanager",
            consentmanagerTable,
            "Same as Denied. Reject ad purposes/vendors, then open CMP."
        ),
        "consentmanager.tableBelowIOS14": GuideQuote(
            "consentmanager",
            consentmanagerTable,
            "Skip ATT, use CMP only. Block until CMP resolves."
        ),
        "consentmanager.recheckOnResume": GuideQuote(
            "consentmanager",
            "\"Step 8: Re-check on App Resume\"",
            "ATT can change in Settings. Always re-check on resume:"
        ),
        "consentmanager.restrictedBlocksTracking": GuideQuote(
            "consentmanager",
            "\"Step 9: Edge Cases and Fallbacks\"",
            "Restricted: ATT unavailable (e.g. parental controls). Block tracking."
        ),
        "consentmanager.noATTBelowIOS14": GuideQuote(
            "consentmanager",
            "\"Step 9: Edge Cases and Fallbacks\"",
            "iOS < 14: No ATT → use CMP only."
        ),
        "consentmanager.userDenial": GuideQuote(
            "consentmanager",
            "\"Step 9: Edge Cases and Fallbacks\"",
            "User denial: Treat ad purposes/vendors as rejected."
        ),
        "consentmanager.neverBeforeFlowFinishes": GuideQuote(
            "consentmanager",
            "\"Step 11: Best Practices\"",
            "Never initialize trackers before ATT + CMP flow finishes."
        ),
        "consentmanager.checklistRequest": GuideQuote(
            "consentmanager",
            consentmanagerChecklist,
            "Request ATT if .notDetermined."
        ),
        "consentmanager.checklistSDKs": GuideQuote(
            "consentmanager",
            consentmanagerChecklist,
            "Initialize/block SDKs only after CMP resolves."
        ),
        "onesecondbefore.firstAsk": GuideQuote(
            "Onesecondbefore",
            "\"1. Recommended consent flow\"",
            "First ask if you can use the ID for Advertisers with an App Tracking Request."
        ),
        "onesecondbefore.dialogueAfter": GuideQuote(
            "Onesecondbefore",
            "\"1. Recommended consent flow\"",
            "The consent dialogue will be shown after."
        ),
        "onesecondbefore.noChanges": GuideQuote(
            "Onesecondbefore",
            "\"1. Recommended consent flow\"",
            "No changes to the consent dialogue will be made depending on the answer on the App Tracking Request."
        ),
        "onesecondbefore.firstShowDialogue": GuideQuote(
            "Onesecondbefore",
            "\"2. Alternative consent flow\"",
            "First show the consent dialogue."
        ),
        "onesecondbefore.dependingOnConsent": GuideQuote(
            "Onesecondbefore",
            "\"2. Alternative consent flow\"",
            "Depending on the consent given by the user, you can show the App Tracking Request or go straight to the app."
        ),
        "onesecondbefore.noResurface": GuideQuote(
            "Onesecondbefore",
            "\"2. Alternative consent flow\"",
            "A disadvantage of this approach is that it is not possible to resurface the App Tracking Request at will, e.g. after a resurface of the consent dialogue, e.g. due to an update on the cookie policy or a user changes his mind."
        ),
        "onesecondbefore.onlyWhenNotGiven": GuideQuote(
            "Onesecondbefore",
            onesecondbeforeWebView,
            "Do this only when consent has not been given previously (it either is not stored in UserDefaults or its value has expired)."
        ),
        "onesecondbefore.expiredShownAgain": GuideQuote(
            "Onesecondbefore",
            onesecondbeforeWebView,
            "If consent has expired, the WebView should be shown again."
        ),
        "onesecondbefore.purposes2to6": GuideQuote(
            "Onesecondbefore",
            onesecondbeforeWebView,
            "If the user consented to any advertising, social or marketing purposes (e.g. IAB purposes 2-6), ask for Apple App Tracking (see below)."
        ),
        "onesecondbefore.idfaOnlyAfterAuthorized": GuideQuote(
            "Onesecondbefore",
            "\"Apple App Tracking consent\"",
            "Only after the user has authorized this request is Onesecondbefore's SDK allowed to access the Identifier for Advertisers (IDFA)."
        ),
        "adjust.displayAPrompt": GuideQuote(
            "Adjust",
            "the introduction",
            "If you want to record the device's ID for Advertisers (IDFA), you must display a prompt in your app to gather the user's consent."
        ),
        "adjust.notDetermined": GuideQuote(
            "Adjust",
            "the introduction, the table of states",
            "The user has not yet responded to the prompt for access."
        ),
        "adjust.restricted": GuideQuote(
            "Adjust",
            "the introduction, the table of states",
            "Access to app-related data is blocked at the device level."
        ),
        "adjust.integerStatus": GuideQuote(
            "Adjust",
            "\"App-tracking authorization wrapper\"",
            "The callback will return an integer value displaying the authorization status."
        ),
        "adjust.idfaOnlyIfGranted": GuideQuote(
            "Adjust",
            "\"iOS 17 consent handling\"",
            "Only if the user grants ATT consent, the Adjust SDK gains access to both the idfa and started_at properties for deterministic attribution and sends the full payload to consent.adjust.com."
        ),
    ]
}
