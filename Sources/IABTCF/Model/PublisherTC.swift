/// The Publisher TC segment (SegmentType 3): the publisher's own purposes and custom purposes.
public struct PublisherTC: Sendable, Hashable {
    /// PubPurposesConsent.
    public var purposeConsents: PurposeSet
    /// PubPurposesLITransparency.
    public var purposeLegitimateInterests: PurposeSet
    /// NumCustomPurposes (0-63): custom purposes 1...N exist. It can exceed the highest custom id that is set.
    public var numCustomPurposes: Int
    /// CustomPurposesConsent.
    public var customPurposeConsents: CustomPurposeSet
    /// CustomPurposesLITransparency.
    public var customPurposeLegitimateInterests: CustomPurposeSet

    /// Creates a Publisher TC segment; every part defaults to empty.
    public init(
        purposeConsents: PurposeSet = [],
        purposeLegitimateInterests: PurposeSet = [],
        numCustomPurposes: Int = 0,
        customPurposeConsents: CustomPurposeSet = [],
        customPurposeLegitimateInterests: CustomPurposeSet = []
    ) {
        self.purposeConsents = purposeConsents
        self.purposeLegitimateInterests = purposeLegitimateInterests
        self.numCustomPurposes = numCustomPurposes
        self.customPurposeConsents = customPurposeConsents
        self.customPurposeLegitimateInterests = customPurposeLegitimateInterests
    }
}
