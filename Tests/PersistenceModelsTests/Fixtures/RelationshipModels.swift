import Foundation
import PersistenceModels
import PersistenceSQLiteStore

/// An owner whose pets block its deletion.
@Model
final class Owner {
    var name: String
    @Relationship(deleteRule: .deny, inverse: \Pet.owner) var pets: [Pet] = []

    init(name: String) {
        self.name = name
    }
}

@Model
final class Pet {
    var name: String
    var owner: Owner?

    init(name: String, owner: Owner? = nil) {
        self.name = name
        self.owner = owner
    }
}

/// A shelf whose books are left alone when it is deleted.
@Model
final class Shelf {
    var label: String
    @Relationship(deleteRule: .noAction) var books: [Book] = []

    init(label: String) {
        self.label = label
    }
}

@Model
final class Book {
    var title: String
    var shelf: Shelf?

    init(title: String) {
        self.title = title
    }
}

/// A person with two relationships to the same type, told apart by explicit inverses.
@Model
final class Person {
    var name: String
    @Relationship(inverse: \Person.followers) var following: [Person] = []
    var followers: [Person] = []

    init(name: String) {
        self.name = name
    }
}

/// A playlist with an optional to-many relationship, as models meant for sync declare them.
@Model
final class Playlist {
    var name: String
    @Relationship(deleteRule: .cascade) var songs: [Song]?

    init(name: String) {
        self.name = name
        self.songs = []
    }
}

@Model
final class Song {
    var title: String
    var playlist: Playlist?

    init(title: String) {
        self.title = title
    }
}
