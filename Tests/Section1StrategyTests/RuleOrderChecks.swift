import Section1Strategy
import Testing

/// Data that more than one question applies to, so only the lesson's order gives the expected place.
enum OverlappingData {
    static let reissuedSessionToken = DataProfile(
        "session token the server can issue again", isSensitive: true, typicalSize: 300, canBeRecreated: true
    )
    static let savedPasswords = DataProfile(
        "saved passwords the user searches", isSensitive: true, typicalSize: 200, needsQuerying: true
    )
    static let downloadedStatements = DataProfile(
        "bank statements the app can download again", isSensitive: true, typicalSize: 900_000, canBeRecreated: true
    )
    static let syncedTheme = DataProfile(
        "theme the user picked, also kept on the server", isSetting: true, typicalSize: 8, canBeRecreated: true
    )
    static let keyboardLayout = DataProfile(
        "custom keyboard layout the user picks", isSetting: true, typicalSize: 150_000)
    static let quietHourRules = DataProfile(
        "quiet-hour rules the user sets and the app filters", isSetting: true, typicalSize: 200, needsQuerying: true
    )
    static let cachedCatalogue = DataProfile(
        "product catalogue the app searches and can download again",
        typicalSize: 1_500, needsQuerying: true, canBeRecreated: true
    )
    static let voiceMemos = DataProfile(
        "voice memos the app lists and searches", typicalSize: 600_000, needsQuerying: true)
}

@Suite("Section 1: the first question that applies decides")
struct RuleOrderChecks {
    @Test("a sensitive item the app can fetch again goes to the vault")
    func sensitiveBeforeRecreatable() {
        expectRecommendation(
            for: OverlappingData.reissuedSessionToken, is: .vault,
            because: "question 1 (sensitive?) comes before question 3 (can it be fetched again?)"
        )
    }

    @Test("sensitive records the app queries go to the vault")
    func sensitiveBeforeQuerying() {
        expectRecommendation(
            for: OverlappingData.savedPasswords, is: .vault,
            because: "question 1 (sensitive?) comes before question 5 (queried records?)"
        )
    }

    @Test("a large sensitive file the app can fetch again goes to the file store")
    func largeSensitiveBeforeRecreatable() {
        expectRecommendation(
            for: OverlappingData.downloadedStatements, is: .fileStore,
            because: "question 1 applies first, and a sensitive file this large is encrypted in the file store"
        )
    }

    @Test("a setting the app can fetch again goes to preferences")
    func settingBeforeRecreatable() {
        expectRecommendation(
            for: OverlappingData.syncedTheme, is: .preferences,
            because: "question 2 (a setting?) comes before question 3 (can it be fetched again?)"
        )
    }

    @Test("a large setting goes to preferences")
    func settingBeforeSize() {
        expectRecommendation(
            for: OverlappingData.keyboardLayout, is: .preferences,
            because: "question 2 (a setting?) comes before question 4 (a large file?)"
        )
    }

    @Test("a setting the app filters goes to preferences")
    func settingBeforeQuerying() {
        expectRecommendation(
            for: OverlappingData.quietHourRules, is: .preferences,
            because: "question 2 (a setting?) comes before question 5 (queried records?)"
        )
    }

    @Test("records the app can fetch again go to the caches folder")
    func recreatableBeforeQuerying() {
        expectRecommendation(
            for: OverlappingData.cachedCatalogue, is: .caches,
            because: "question 3 (can it be fetched again?) comes before question 5 (queried records?)"
        )
    }

    @Test("large files the app searches go to the file store")
    func sizeBeforeQuerying() {
        expectRecommendation(
            for: OverlappingData.voiceMemos, is: .fileStore,
            because: "question 4 (a large file?) comes before question 5 (queried records?)"
        )
    }
}
