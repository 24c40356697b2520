import IABGPP
import IABTCF
import IABTCFAppTracking
import IABTCFVendorList
import Testing

/// Which GPP sections Google's ads SDK reads, as AdMob's page says
/// (https://support.google.com/admob/answer/14126918): "AdMob will only accept the following US
/// States strings within GPP: California, Virginia, Colorado, Connecticut" and "AdMob will not
/// accept US National, IAB Canada TCF, US Privacy String, US States Utah, or IAB EU TCF v2.2 as
/// part of GPP support."
@Suite struct GoogleReadSectionsTests {
    /// An opt-out of sale in every US section (6-27), alone in force: each is a reason, and
    /// `readByGoogle` is true for 8, 9, 10 and 12 only.
    @Test(arguments: 6...27)
    func readByGoogleFollowsAdMobsList(_ id: Int) throws {
        let section: GPPSection
        if id == 6 {
            section = try GPPSection(id: 6, encoded: "1YYN")
        } else {
            var us = try #require(USSection(id: id))
            us["SaleOptOut"] = .int(1)
            section = .us(us)
        }
        let gpp = try IABGPP.GPPString(sections: [section]).encoded()
        let stored = StoredConsent(tcString: nil, gdprApplies: false, gppString: gpp, gppSectionIds: [id])
        let field = id == 6 ? "OptOutSale" : "SaleOptOut"
        let google = [8, 9, 10, 12].contains(id)
        #expect(
            stored.usOptOuts == [
                .usOptOut(sectionId: id, section: GPPSection.name(of: id) ?? "", field: field, readByGoogle: google)
            ]
        )
        #expect(stored.usAdServing().mode == .nonPersonalized)
    }
}
