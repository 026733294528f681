import Foundation
import PersistenceCore
import PersistenceWorkbench
import Section9MediaLibrary
import Testing

/// A throwaway device for one check: its own app sandbox with the library's store file in Application
/// Support, so checks running in parallel never share a database.
struct LibraryBench {
    /// Every model of the library, as the app lists them when it opens its container.
    static var models: [any PersistentModel.Type] {
        [MediaItem.self, Photo.self, Video.self, Album.self, Comment.self, Creator.self, ImportSession.self]
    }

    /// The app's container and the device folder around it.
    let sandbox: AppSandbox

    /// The store file every container of this bench opens.
    var storeURL: URL { sandbox.applicationSupportDirectory.appending(path: "Media.store") }

    /// Runs `body` on a fresh device, with its sandbox current, then deletes the device folder.
    static func run(_ body: (LibraryBench) throws -> Void) throws {
        let sandbox = AppSandbox.temporary(appIdentifier: "com.example.MediaLibrary")
        try sandbox.createContainerDirectories()
        defer { try? FileManager.default.removeItem(at: sandbox.deviceRoot) }
        try AppSandbox.withCurrent(sandbox) {
            try body(LibraryBench(sandbox: sandbox))
        }
    }

    /// A new container on the bench's store file, as the app opens it at launch, and a context for it.
    ///
    /// - Parameter allowsSave: Whether the container lets its contexts save; `false` makes every save
    ///   that has something to write throw.
    func openContext(allowsSave: Bool = true) throws -> ModelContext {
        let configuration = ModelConfiguration(url: storeURL, allowsSave: allowsSave)
        return ModelContext(try ModelContainer(for: Schema(Self.models), configurations: [configuration]))
    }

    /// A library working through a new context on the bench's store file.
    func openLibrary(allowsSave: Bool = true) throws -> MediaLibrary {
        MediaLibrary(context: try openContext(allowsSave: allowsSave))
    }

    /// A context on a fresh store that lives in memory only, for checks that never reopen the store.
    static func inMemoryContext(allowsSave: Bool = true) throws -> ModelContext {
        let configuration = ModelConfiguration(isStoredInMemoryOnly: true, allowsSave: allowsSave)
        return ModelContext(try ModelContainer(for: Schema(models), configurations: [configuration]))
    }

    /// A library on a fresh in-memory store.
    static func inMemoryLibrary(allowsSave: Bool = true) throws -> MediaLibrary {
        MediaLibrary(context: try inMemoryContext(allowsSave: allowsSave))
    }
}

// MARK: - Test data

/// A fixed moment, `day` days after a reference date in 2026, for items whose adding time a check sets.
func moment(day: Double) -> Date {
    Date(timeIntervalSinceReferenceDate: 788_918_400 + day * 86_400)
}

/// A few bytes standing in for an encoded image; `seed` makes them differ.
func imageBytes(_ seed: UInt8, count: Int = 64) -> Data {
    Data((0..<count).map { UInt8(truncatingIfNeeded: Int(seed) &* 31 &+ $0) })
}

extension MediaLibrary {
    /// Imports a small photo with fixed test values, differing only where a check says.
    @discardableResult
    func photo(
        _ title: String, source: String = "Pixel 8", file: String? = nil, day: Double = 1,
        size: PixelSize = PixelSize(width: 4032, height: 3024), image: Data = imageBytes(1),
        session: ImportSession? = nil
    ) throws -> Photo {
        try importPhoto(
            title: title, source: source, fileName: file ?? "\(title).jpg", imageData: image, size: size,
            addedAt: moment(day: day), session: session
        )
    }

    /// Imports a video with fixed test values, differing only where a check says.
    @discardableResult
    func video(
        _ title: String, source: String = "Pixel 8", file: String? = nil, day: Double = 1, seconds: TimeInterval = 125,
        quality: VideoQuality = .fullHigh, session: ImportSession? = nil
    ) throws -> Video {
        try importVideo(
            title: title, source: source, fileName: file ?? "\(title).mp4", duration: seconds, quality: quality,
            addedAt: moment(day: day), session: session
        )
    }
}

// MARK: - Reading the store back

/// Every item the context's store holds, as the base class, with titles sorted alphabetically.
func storedItems(in context: ModelContext) throws -> [MediaItem] {
    try context.fetch(FetchDescriptor<MediaItem>()).sorted { $0.title < $1.title }
}

/// Every model of type `T` the context's store holds.
func stored<T: PersistentModel>(_ type: T.Type, in context: ModelContext) throws -> [T] {
    try context.fetch(FetchDescriptor<T>())
}

// MARK: - Describing what was found

/// A list of titles or names as a learner reads it: quoted, in brackets.
func describe(_ names: [String]) -> String {
    "[" + names.map { "\"\($0)\"" }.joined(separator: ", ") + "]"
}

/// Items as a learner reads them: each title with its class, such as `"Beach" (Photo)`.
func describeKinds(_ items: [MediaItem]) -> String {
    "[" + items.map { "\"\($0.title)\" (\(type(of: $0)))" }.joined(separator: ", ") + "]"
}

/// Runs `operation`, which must throw because the store refuses the save, and records an issue when it
/// does not throw or throws something else than the context's own error.
func expectRefusedSave(
    _ what: String, sourceLocation: SourceLocation = #_sourceLocation, _ operation: () throws -> Void
) {
    do {
        try operation()
        Issue.record(
            "\(what): expected the context's save error to be thrown, but the call returned normally.",
            sourceLocation: sourceLocation)
    } catch let error as SwiftDataError {
        #expect(
            error.workbenchKind == .saveNotAllowed,
            "\(what): expected SwiftDataError.saveNotAllowed, found \(error.workbenchKind).",
            sourceLocation: sourceLocation)
    } catch {
        Issue.record(
            "\(what): expected the context's save error (SwiftDataError), found \(error).",
            sourceLocation: sourceLocation)
    }
}
