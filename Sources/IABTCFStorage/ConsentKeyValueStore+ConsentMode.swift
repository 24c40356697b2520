import IABGPP
import IABTCF

extension ConsentKeyValueStore {
    /// `IABTCF_EnableAdvertiserConsentMode`, read tolerantly (an integer, a boolean or `"1"`/`"0"`):
    /// whether the CMP lets Google's SDKs derive consent mode from the TC string; `nil` when unset
    /// or holding anything but 0 or 1. (`StoredConsent(inAppKeys:)` of IABTCFAppTracking reads it
    /// from ``readConsentKeys()`` the same way.)
    public func readAdvertiserConsentMode() -> Bool? {
        switch inAppValue(forKey: InAppKeys.enableAdvertiserConsentMode)?.intValue {
        case 1?: true
        case 0?: false
        default: nil
        }
    }

    /// Writes `IABTCF_EnableAdvertiserConsentMode` as the integer 1 or 0, as a CMP does; `nil`
    /// removes it. Like every write of this module, an unchanged value is not written again, and
    /// observers hear of a change once. The TC string's writers never touch this key: it is the
    /// CMP's setting, not part of the choice.
    public func writeAdvertiserConsentMode(_ enabled: Bool?) {
        let key = InAppKeys.enableAdvertiserConsentMode
        write(enabled.map { [key: .int($0 ? 1 : 0)] } ?? [:], removingStale: { $0 == key })
    }
}

extension ConsentKeyValueStore {
    /// The IAB's JavaScript CMP APIs (`__tcfapi`, `__gpp`) answering from the keys the store holds
    /// now (IABGPP's `InAppWebViewScript.script(inAppKeys:)` of ``readConsentKeys()``).
    ///
    /// Add it to a `WKWebView` as a `WKUserScript` injected at document start; when the keys change
    /// (`UserDefaults.inAppConsentChanges(debounce:includingCurrent:)`), run the new script in
    /// the page with `evaluateJavaScript` (it updates the APIs in place and notifies their
    /// listeners) and replace the user script for the pages loaded next.
    public func webViewScript() -> String {
        InAppWebViewScript.script(inAppKeys: readConsentKeys())
    }
}
