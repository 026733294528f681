import Foundation
import Section1Strategy
import Testing

/// The data of the guide's note-taking app, and a few that test the order of the questions.
enum SampleData {
    static let themePreference = DataProfile("theme preference", isSetting: true, typicalSize: 8)
    static let sortOrder = DataProfile("note sort order", isSetting: true, typicalSize: 8)
    static let authToken = DataProfile("auth token", isSensitive: true, typicalSize: 512)
    static let loginToken = DataProfile("login token", isSensitive: true, typicalSize: 256)
    static let notes = DataProfile("notes with titles, content and tags", typicalSize: 2_000, needsQuerying: true)
    static let downloadedImages = DataProfile("images the user downloaded to keep", typicalSize: 2_500_000)
    static let attachedImages = DataProfile("images attached to notes", typicalSize: 1_500_000)
    static let apiCache = DataProfile("API response cache", typicalSize: 40_000, canBeRecreated: true)
    static let scannedPassport = DataProfile("scanned passport", isSensitive: true, typicalSize: 3_000_000)
    static let appLockPIN = DataProfile("app lock PIN", isSensitive: true, isSetting: true, typicalSize: 4)
    static let shoppingLists = DataProfile(
        "three shopping lists the user filters", typicalSize: 300, needsQuerying: true)
    static let recentSearches = DataProfile("five recent search terms", typicalSize: 120)
    static let cachedThumbnails = DataProfile(
        "thumbnails rendered from images", typicalSize: 400_000, canBeRecreated: true)
}

/// Records a failure unless `data` is recommended for `expected`, explaining why that place is right.
func expectRecommendation(
    for data: DataProfile,
    is expected: StorageLocation,
    because why: String,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    let found = recommendStorage(for: data)
    #expect(
        found.location == expected,
        "\(data) belongs in .\(expected.rawValue) — \(why). Found: \(found).",
        sourceLocation: sourceLocation
    )
}

@Suite("Section 1: the guide's examples")
struct GuideExampleChecks {
    @Test("a theme preference goes to preferences")
    func themePreference() {
        expectRecommendation(for: SampleData.themePreference, is: .preferences, because: "it is a simple setting")
    }

    @Test("a sort order preference goes to preferences")
    func sortOrder() {
        expectRecommendation(for: SampleData.sortOrder, is: .preferences, because: "it is a simple setting")
    }

    @Test("an auth token goes to the vault")
    func authToken() {
        expectRecommendation(for: SampleData.authToken, is: .vault, because: "tokens are sensitive")
    }

    @Test("a login token goes to the vault")
    func loginToken() {
        expectRecommendation(for: SampleData.loginToken, is: .vault, because: "tokens are sensitive")
    }

    @Test("notes go to models")
    func notes() {
        expectRecommendation(
            for: SampleData.notes, is: .models, because: "notes are records the app searches and sorts")
    }

    @Test("downloaded images go to the file store")
    func downloadedImages() {
        expectRecommendation(for: SampleData.downloadedImages, is: .fileStore, because: "they are large files")
    }

    @Test("attached images go to the file store")
    func attachedImages() {
        expectRecommendation(
            for: SampleData.attachedImages, is: .fileStore,
            because: "they are large files; the note keeps only the name")
    }

    @Test("an API response cache goes to the caches folder")
    func apiCache() {
        expectRecommendation(for: SampleData.apiCache, is: .caches, because: "the app can fetch it again")
    }

    @Test("the note-taking app uses four different places")
    func noteTakerUsesFourPlaces() {
        let plan = [SampleData.sortOrder, SampleData.loginToken, SampleData.notes, SampleData.attachedImages]
        let places = plan.map { recommendStorage(for: $0).location?.rawValue ?? "no decision" }
        let expected = ["preferences", "vault", "models", "fileStore"]
        #expect(
            places == expected,
            "Sort order, login token, notes and attached images each belong somewhere else: expected \(expected), found \(places)."
        )
    }
}

@Suite("Section 1: edge cases")
struct EdgeCaseChecks {
    @Test("a large sensitive file goes to the file store, its key to the vault")
    func largeSensitiveFile() {
        let found = recommendStorage(for: SampleData.scannedPassport)
        #expect(
            found.location == .fileStore,
            "\(SampleData.scannedPassport) is sensitive but too large for the vault: expected .fileStore. Found: \(found)."
        )
        let reason = found.reason.lowercased()
        #expect(
            reason.contains("key") && reason.contains("vault"),
            "The reason for a large sensitive file should say its encryption key goes in the vault: expected a reason naming the key and the vault, found \"\(found.reason)\"."
        )
    }

    @Test("sensitivity is asked first: a PIN the user sets goes to the vault")
    func sensitiveSettingGoesToVault() {
        expectRecommendation(
            for: SampleData.appLockPIN, is: .vault,
            because: "question 1 (sensitive?) comes before question 2 (a setting?)")
    }

    @Test("a tiny structured list the app filters goes to models")
    func tinyStructuredList() {
        expectRecommendation(
            for: SampleData.shoppingLists, is: .models, because: "size does not matter when the app queries the records"
        )
    }

    @Test("a tiny list nobody queries goes to preferences")
    func tinyUnqueriedList() {
        expectRecommendation(
            for: SampleData.recentSearches, is: .preferences, because: "a few small values need no database")
    }

    @Test("re-creatable data goes to the caches folder even when it is large")
    func largeRecreatableData() {
        expectRecommendation(
            for: SampleData.cachedThumbnails, is: .caches,
            because: "question 3 (can it be recreated?) comes before question 4 (a large file?)")
    }

    @Test("every recommendation gives a short reason")
    func everyRecommendationExplainsItself() {
        let all = [
            SampleData.themePreference, SampleData.authToken, SampleData.notes, SampleData.downloadedImages,
            SampleData.apiCache, SampleData.scannedPassport, SampleData.recentSearches,
        ]
        for data in all {
            let reason = recommendStorage(for: data).reason.trimmingCharacters(in: .whitespaces)
            #expect(!reason.isEmpty, "The recommendation for \(data) needs a reason: found an empty one.")
            #expect(
                reason.count <= 120,
                "The reason for \(data) should be one short sentence (120 characters at most): found \(reason.count).")
        }
    }
}
