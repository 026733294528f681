import Foundation
import PersistenceCore
import PersistenceWorkbench
import Section2Settings
import Testing

@Suite("Section 2: preferences are not encrypted")
struct PlainTextChecks {
    @Test("the preference file is plain text anyone can read")
    func fileIsPlainText() {
        let device = SettingsDevice()
        device.run {
            NoteSettings(store: device.store).chooseSortOrder(.title)

            let text = device.preferenceFileText()
            let readable =
                text.map { $0.contains("<key>sortOrder</key>") && $0.contains("<string>title</string>") } ?? false
            #expect(
                readable,
                "Anyone who can read \(device.store.fileURL.lastPathComponent) can read the saved sort order, which is why secrets never go there: expected the text <key>sortOrder</key> and <string>title</string> in the file, found \(text.map { "\($0.utf8.count) bytes without them" } ?? "no file")."
            )
        }
    }
}
