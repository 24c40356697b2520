public import Foundation
public import IABTCFAppTracking
public import IABTCFStorage

/// What the coordinator needs from the device and the app: the prompts it shows (the effects) and
/// the facts it reads. An app implements it once with the ATT framework and its CMP's SDK; the
/// tests implement it with a scripted person, OS and CMP.
///
/// Each prompt returns once it is closed; the coordinator reads the ATT status and the stored keys
/// again after every prompt, never trusting what a callback reported.
@MainActor
public protocol ConsentPlatform: AnyObject {
    /// The ATT status now, read afresh (`ATTStatus.current` on a device).
    func attStatus() -> ATTStatus

    /// Shows the ATT prompt (after Google's IDFA explainer when `explainer` is `true`) and returns
    /// once it is closed.
    ///
    /// Return ``ATTPromptOutcome/additionalInformation`` when the person tapped "Additional
    /// Information" in the expanded sheet (iOS and iPadOS 27.2), after showing your own
    /// explanation: the person acted, so the coordinator asks once more in the same activation.
    func requestATT(explainer: Bool) async -> ATTPromptOutcome

    /// Shows the CMP (or Google UMP's form) and returns once it is closed. With `allowingTracking`
    /// `false` the notice must not ask for the tracking scope (`ATTNextStep.showCMPWithoutTracking`).
    /// The CMP writes the person's choice to the `IABTCF_` keys itself.
    func showCMP(allowingTracking: Bool) async -> CMPOutcome

    /// Hands a rejection the coordinator applied after an ATT refusal to the CMP's own API
    /// (Didomi's `setUserDisagreeToAll()`, consentmanager's `rejectPurposes`), so the CMP does not
    /// write the old choice back. The coordinator has already stored the rewritten string with all
    /// its keys; `decision` lists what it removed (`rejectPurposes`, `rejectSpecialFeatures`,
    /// `rejectVendors`). The default does nothing.
    func reject(_ decision: ConsentFlow.Decision)

    /// The OS version (`ProcessInfo.processInfo.operatingSystemVersion`): Apple's yearly re-prompt
    /// in the European Union exists from iOS and iPadOS 27.2.
    var osVersion: OperatingSystemVersion { get }

    /// The app's best knowledge of whether Apple's European Union rules apply to the person (Apple
    /// decides by the device's location and the Apple Account's country).
    var region: ConsentFlow.Region { get }

    /// Now.
    var now: Date { get }

    /// A signal each time the keys in `store` may have changed (the CMP's writes, another
    /// process's, a privacy-options form): after its first activation the coordinator reads the
    /// keys again on each element and, when they differ, re-evaluates and publishes its answer
    /// (``ConsentCoordinator/answers()``), without prompting. The default is the store's own
    /// `ConsentKeyValueStore.keyChanges()` (`UserDefaults`: after each burst of writes); a test
    /// passes a stream it drives itself.
    func consentKeyChanges(in store: any ConsentKeyValueStore) -> AsyncStream<Void>
}

/// How an ATT prompt ended.
public enum ATTPromptOutcome: String, Sendable, Hashable {
    /// The prompt closed: answered, or dismissed by the system (the status then still reads
    /// notDetermined).
    case closed
    /// The person tapped "Additional Information" and the app showed its explanation: the sheet
    /// recorded no answer, and the coordinator asks again.
    case additionalInformation
}

/// How the CMP (or Google UMP's form) ended.
public enum CMPOutcome: String, Sendable, Hashable {
    /// The person saved a choice, which the CMP wrote to the `IABTCF_` keys.
    case saved
    /// The person closed the notice without saving: it does not show again in this activation.
    case closedWithoutSaving
}
