import Foundation
import PersistenceModels
import PersistenceSQLiteStore

/// A user whose email is unique.
@Model
final class Account {
    @Attribute(.unique) var email: String
    var displayName: String

    init(email: String, displayName: String) {
        self.email = email
        self.displayName = displayName
    }
}

/// A visit, unique per person and place, indexed for lookups by place and by date.
@Model
final class Visit {
    #Unique<Visit>([\.person, \.place])
    #Index<Visit>([\.place], [\.date, \.person])

    var person: String
    var place: String
    var date: Date
    var count: Int

    init(person: String, place: String, date: Date = .now, count: Int = 1) {
        self.person = person
        self.place = place
        self.date = date
        self.count = count
    }
}

/// A photo whose image bytes live in a file beside the store.
@Model
final class Photo {
    var caption: String
    @Attribute(.externalStorage) var imageData: Data?
    @Attribute(originalName: "legacy_rating") var rating: Int = 0

    init(caption: String, imageData: Data? = nil) {
        self.caption = caption
        self.imageData = imageData
    }
}
