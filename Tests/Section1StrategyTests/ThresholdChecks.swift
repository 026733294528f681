import Section1Strategy
import Testing

/// Sizes on either side of `DataProfile.largeFileThreshold` (100 KiB): "large" means at least that size.
enum ThresholdData {
    static let exactly = DataProfile.largeFileThreshold
    static let justUnder = DataProfile.largeFileThreshold - 1

    static let recordingAtThreshold = DataProfile("voice recording of exactly 100 KiB", typicalSize: exactly)
    static let draftJustUnder = DataProfile("text draft one byte under 100 KiB", typicalSize: justUnder)
    static let sensitiveScanAtThreshold = DataProfile(
        "scanned ID card of exactly 100 KiB", isSensitive: true, typicalSize: exactly
    )
    static let sensitiveKeyJustUnder = DataProfile(
        "signing key one byte under 100 KiB", isSensitive: true, typicalSize: justUnder
    )
}

@Suite("Section 1: the large-file threshold")
struct ThresholdChecks {
    @Test("a file of exactly 100 KiB counts as large and goes to the file store")
    func fileAtThreshold() {
        expectRecommendation(
            for: ThresholdData.recordingAtThreshold, is: .fileStore,
            because: "a file is large from \(ThresholdData.exactly) bytes on, that size included"
        )
    }

    @Test("an item one byte under 100 KiB is not large and goes to preferences")
    func itemJustUnderThreshold() {
        expectRecommendation(
            for: ThresholdData.draftJustUnder, is: .preferences,
            because: "\(ThresholdData.justUnder) bytes is under the large-file threshold and nobody queries it"
        )
    }

    @Test("a sensitive file of exactly 100 KiB goes to the file store")
    func sensitiveFileAtThreshold() {
        expectRecommendation(
            for: ThresholdData.sensitiveScanAtThreshold, is: .fileStore,
            because:
                "a sensitive item is too large for the vault from \(ThresholdData.exactly) bytes on, that size included"
        )
    }

    @Test("a sensitive item one byte under 100 KiB goes to the vault")
    func sensitiveItemJustUnderThreshold() {
        expectRecommendation(
            for: ThresholdData.sensitiveKeyJustUnder, is: .vault,
            because: "\(ThresholdData.justUnder) bytes is under the large-file threshold, so the vault takes it"
        )
    }
}
