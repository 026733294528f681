import Foundation
import PersistenceModels

// A media library as the SwiftData reference writes one with class inheritance: a base class with the
// shared properties and two subclasses, each adding its own.

/// The library's models, kept apart from other test models of the same names.
enum Media {
    @Model
    class MediaItem {
        var title: String
        var dateAdded: Date
        var isFavorite: Bool
        var fileSize: Int64
        var album: Album?

        init(title: String, dateAdded: Date = Date()) {
            self.title = title
            self.dateAdded = dateAdded
            self.isFavorite = false
            self.fileSize = 0
        }
    }

    @Model
    class Photo: MediaItem {
        var imageData: Data
        var width: Int
        var height: Int
        var location: String?

        init(title: String, imageData: Data, width: Int, height: Int, dateAdded: Date = Date()) {
            self.imageData = imageData
            self.width = width
            self.height = height
            super.init(title: title, dateAdded: dateAdded)
        }
    }

    @Model
    final class Video: MediaItem {
        var duration: TimeInterval
        var resolution: String
        var hasAudio: Bool

        init(title: String, duration: TimeInterval, resolution: String, dateAdded: Date = Date()) {
            self.duration = duration
            self.resolution = resolution
            self.hasAudio = true
            super.init(title: title, dateAdded: dateAdded)
        }
    }

    /// A photo of a panorama: a subclass two levels down, whose own value is set after `super.init`.
    @Model
    final class Panorama: Photo {
        var angle: Int?

        init(title: String, angle: Int, dateAdded: Date = Date()) {
            super.init(title: title, imageData: Data([1, 2, 3]), width: 4000, height: 1000, dateAdded: dateAdded)
            self.angle = angle
        }
    }

    /// An album that holds media items of any kind, and shows one of them on its cover.
    @Model
    final class Album {
        var name: String
        @Relationship(deleteRule: .cascade, inverse: \MediaItem.album) var items: [MediaItem] = []
        @Relationship(deleteRule: .nullify) var cover: MediaItem?

        init(name: String) { self.name = name }
    }
}

/// Every model of the media library.
nonisolated(unsafe) let inheritanceModels: [any PersistentModel.Type] = [
    Media.MediaItem.self, Media.Photo.self, Media.Video.self, Media.Panorama.self, Media.Album.self,
]

/// The first version of a library, before it had subclasses.
enum MediaLibraryV1 {
    @Model
    final class MediaItem {
        var title: String
        init(title: String) { self.title = title }
    }
}

/// The second version: the same base entity, now with a subclass.
enum MediaLibraryV2 {
    @Model
    class MediaItem {
        var title: String
        init(title: String) { self.title = title }
    }

    @Model
    final class Photo: MediaItem {
        var width: Int
        init(title: String, width: Int) {
            self.width = width
            super.init(title: title)
        }
    }
}
