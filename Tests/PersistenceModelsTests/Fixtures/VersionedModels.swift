import Foundation
import PersistenceModels
import PersistenceSQLiteStore

/// The first shape of a stored model.
enum StoreVersion1 {
    @Model
    final class Gadget {
        var name: String
        init(name: String) { self.name = name }
    }
}

/// The same entity with an optional attribute added.
enum StoreVersion2 {
    @Model
    final class Gadget {
        var name: String
        var serialNumber: String?
        init(name: String) { self.name = name }
    }
}

/// An author with two relationships to books, each named as the inverse from the book's side.
@Model
final class Author {
    var name: String
    var ownedBooks: [Novel] = []
    var editedBooks: [Novel] = []
    init(name: String) { self.name = name }
}

@Model
final class Novel {
    var title: String
    @Relationship(inverse: \Author.ownedBooks) var author: Author?
    @Relationship(inverse: \Author.editedBooks) var editor: Author?
    init(title: String) { self.title = title }
}
