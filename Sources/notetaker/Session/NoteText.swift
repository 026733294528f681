import ArgumentParser
import Foundation

/// The rules for text a user gives NoteTaker: a title or a tag name must say something.
enum NoteText {
    /// Refuses a title that is empty or only spaces.
    ///
    /// - Parameter flag: How the title was given, named in the message ("the title", "--title").
    /// - Throws: `ValidationError` naming the flag and the fix.
    static func validateTitle(_ title: String, flag: String) throws {
        if title.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            throw ValidationError(
                "\(flag) is empty: a note needs a title with at least one visible character, such as \"Groceries\".")
        }
    }

    /// Refuses a tag name that is empty or only spaces.
    ///
    /// - Throws: `ValidationError` naming the flag and the fix.
    static func validateTagName(_ name: String, flag: String) throws {
        if name.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            throw ValidationError(
                "\(flag) is empty: a tag needs a name with at least one visible character, such as \"work\".")
        }
    }
}

/// An image file the user names on the command line, checked before anything changes.
enum ImageFile {
    /// The bytes of the regular file at `path`.
    ///
    /// - Throws: `NoteTakerCLIError` when there is no such file, it is a folder or a device, or it cannot
    ///   be read, saying which.
    static func read(_ path: String) throws -> Data {
        let shown = TerminalText.line(path)
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            throw NoteTakerCLIError(
                "No image at \(shown): there is no such file — while attaching an image; check the path")
        }
        if isFolder.boolValue {
            throw NoteTakerCLIError(
                "\(shown) is a folder, not an image file — while attaching an image; name a file inside it")
        }
        let target = URL(filePath: path).resolvingSymlinksInPath().path
        let type =
            (try? FileManager.default.attributesOfItem(atPath: target)[.type] as? FileAttributeType) ?? .typeUnknown
        guard type == .typeRegular else {
            throw NoteTakerCLIError(
                "\(shown) is not a regular file (it is a device, a socket or a pipe) — while attaching an image; name an image file"
            )
        }
        guard FileManager.default.isReadableFile(atPath: path), let data = FileManager.default.contents(atPath: path)
        else {
            throw NoteTakerCLIError(
                "\(shown) cannot be read: permission denied — while attaching an image; check the file's permissions")
        }
        guard !data.isEmpty else {
            throw NoteTakerCLIError("\(shown) is empty, so it holds no image — while attaching an image")
        }
        return data
    }
}
