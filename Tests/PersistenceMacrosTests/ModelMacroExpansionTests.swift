import PersistenceMacrosSupport
import SwiftSyntaxMacroExpansion
import Testing

@Suite("@Model expansion", .macros(["Model": modelMacroSpec]))
struct ModelMacroExpansionTests {
    @Test("a class gets backing data, schema metadata, init(backingData:) and a PersistentModel conformance")
    func expandsClass() {
        assertMacro {
            """
            @Model
            final class Note {
                var title: String
                var isPinned = false
                @Transient var draft = ""
                var summary: String { title }
                static var count = 0

                init(title: String) {
                    self.title = title
                }
            }
            """
        } expansion: {
            #"""
            final class Note {
                @_PersistedProperty
                var title: String
                @_PersistedProperty
                var isPinned = false
                @Transient var draft = ""
                var summary: String { title }
                static var count = 0

                init(title: String) {
                    self.title = title
                }

                private var _$backingData: PersistenceModels.ModelBackingData?

                private lazy var _$observationRegistrar = PersistenceModels._ModelObservationRegistrar()

                public static func _$schemaMetadata_Note<_SchemaRoot: Note>(of type: _SchemaRoot.Type) -> [PersistenceModels.Schema.PropertyMetadata] {
                    [
                        PersistenceModels.Schema.PropertyMetadata(name: "title", keyPath: \_SchemaRoot.title, options: nil),
                        PersistenceModels.Schema.PropertyMetadata(name: "isPinned", keyPath: \_SchemaRoot.isPinned, defaultValue: false, options: nil),
                    ]
                }

                public var persistentBackingData: PersistenceModels.ModelBackingData {
                    get {
                        if let backingData = _$backingData {
                            return backingData
                        }
                        let created = PersistenceModels.ModelBackingData()
                        _$backingData = created
                        return created
                    }
                    set {
                        _$backingData = newValue
                    }
                }

                public class var schemaMetadata: [PersistenceModels.Schema.PropertyMetadata] {
                    _$schemaMetadata_Note(of: self)
                }

                public required init(backingData: PersistenceModels.ModelBackingData) {
                    self._$backingData = backingData
                    self._title = PersistenceModels._PersistedPropertyPlaceholder()
                    self._isPinned = PersistenceModels._PersistedPropertyPlaceholder()
                }

                public func _$withObservedMutation(forKey key: String, _ mutation: () -> Void) {
                    switch key {
                    case "title":
                        _$observationRegistrar.withMutation(of: self, keyPath: \.title, mutation)
                    case "isPinned":
                        _$observationRegistrar.withMutation(of: self, keyPath: \.isPinned, mutation)
                    default:
                        mutation()
                    }
                }
            }

            extension Note: PersistenceModels.PersistentModel, PersistenceModels.RelationshipValue, PersistenceModels._ModelObservable {
            }
            """#
        }
    }

    @Test("attribute and relationship options are passed to the schema metadata")
    func passesOptions() {
        assertMacro {
            """
            @Model
            class Folder {
                @Attribute(.unique) var name: String
                @Relationship(deleteRule: .cascade, inverse: \\Note.folder) var notes: [Note] = []
                init(name: String) { self.name = name }
            }
            """
        } expansion: {
            #"""
            class Folder {
                @Attribute(.unique)
                @_PersistedProperty var name: String
                @Relationship(deleteRule: .cascade, inverse: \Note.folder)
                @_PersistedProperty var notes: [Note] = []
                init(name: String) { self.name = name }

                private var _$backingData: PersistenceModels.ModelBackingData?

                private lazy var _$observationRegistrar = PersistenceModels._ModelObservationRegistrar()

                public static func _$schemaMetadata_Folder<_SchemaRoot: Folder>(of type: _SchemaRoot.Type) -> [PersistenceModels.Schema.PropertyMetadata] {
                    [
                        PersistenceModels.Schema.PropertyMetadata(name: "name", keyPath: \_SchemaRoot.name, options: .attribute(.unique)),
                        PersistenceModels.Schema.PropertyMetadata(name: "notes", keyPath: \_SchemaRoot.notes, defaultValue: [], options: .relationship(deleteRule: .cascade, inverse: \Note.folder)),
                    ]
                }

                public var persistentBackingData: PersistenceModels.ModelBackingData {
                    get {
                        if let backingData = _$backingData {
                            return backingData
                        }
                        let created = PersistenceModels.ModelBackingData()
                        _$backingData = created
                        return created
                    }
                    set {
                        _$backingData = newValue
                    }
                }

                public class var schemaMetadata: [PersistenceModels.Schema.PropertyMetadata] {
                    _$schemaMetadata_Folder(of: self)
                }

                public required init(backingData: PersistenceModels.ModelBackingData) {
                    self._$backingData = backingData
                    self._name = PersistenceModels._PersistedPropertyPlaceholder()
                    self._notes = PersistenceModels._PersistedPropertyPlaceholder()
                }

                public func _$withObservedMutation(forKey key: String, _ mutation: () -> Void) {
                    switch key {
                    case "name":
                        _$observationRegistrar.withMutation(of: self, keyPath: \.name, mutation)
                    case "notes":
                        _$observationRegistrar.withMutation(of: self, keyPath: \.notes, mutation)
                    default:
                        mutation()
                    }
                }
            }

            extension Folder: PersistenceModels.PersistentModel, PersistenceModels.RelationshipValue, PersistenceModels._ModelObservable {
            }
            """#
        }
    }
}

@Suite("@_PersistedProperty expansion", .macros(["_PersistedProperty": PersistedPropertyMacro.self]))
struct PersistedPropertyExpansionTests {
    @Test("in a class, the first default value takes over the backing data of the row a model is made from")
    func takesOverARowsBackingData() {
        assertMacro {
            """
            final class Shelf {
                @_PersistedProperty
                var label: String = ""
            }
            """
        } expansion: {
            #"""
            final class Shelf {
                var label: String {
                    @storageRestrictions(accesses: _$backingData, initializes: _label)
                    init(initialValue) {
                        if _$backingData == nil {
                            _$backingData = PersistenceModels.ModelBackingData._handedOver(to: Shelf.self) ?? PersistenceModels.ModelBackingData()
                        }
                        _$backingData!.setInitialValue(initialValue, forKey: "label")
                        _label = PersistenceModels._PersistedPropertyPlaceholder()
                    }
                    get {
                        _$observationRegistrar.access(self, keyPath: \.label)
                        return persistentBackingData.value(forKey: "label", of: self)
                    }
                    set {
                        _$observationRegistrar.withMutation(of: self, keyPath: \.label) {
                            persistentBackingData.setValue(newValue, forKey: "label", of: self)
                        }
                    }
                }

                @PersistenceModels.Transient private var _label: PersistenceModels._PersistedPropertyPlaceholder
            }
            """#
        }
    }

    @Test("a property reads and writes through the backing data and reports to the observation registrar")
    func expandsProperty() {
        assertMacro {
            """
            @_PersistedProperty
            var title: String
            """
        } expansion: {
            #"""
            var title: String {
                @storageRestrictions(accesses: _$backingData, initializes: _title)
                init(initialValue) {
                    if _$backingData == nil {
                        _$backingData = PersistenceModels.ModelBackingData()
                    }
                    _$backingData!.setInitialValue(initialValue, forKey: "title")
                    _title = PersistenceModels._PersistedPropertyPlaceholder()
                }
                get {
                    _$observationRegistrar.access(self, keyPath: \.title)
                    return persistentBackingData.value(forKey: "title", of: self)
                }
                set {
                    _$observationRegistrar.withMutation(of: self, keyPath: \.title) {
                        persistentBackingData.setValue(newValue, forKey: "title", of: self)
                    }
                }
            }

            @PersistenceModels.Transient private var _title: PersistenceModels._PersistedPropertyPlaceholder
            """#
        }
    }
}

@Suite("@Model diagnostics", .macros(["Model": modelMacroSpec]))
struct ModelMacroDiagnosticTests {
    @Test("@Model on a struct is an error that offers to make it a class")
    func rejectsStruct() {
        assertMacro {
            """
            @Model
            struct Point {
                var x: Int
            }
            """
        } diagnostics: {
            """
            @Model
            ┬─────
            ╰─ 🛑 '@Model' cannot be applied to struct 'Point'; models need reference semantics, so declare 'Point' as a class
               ✏️ Declare it as a class
            struct Point {
                var x: Int
            }
            """
        } fixes: {
            """
            @Model
            class Point {
                var x: Int
            }
            """
        } expansion: {
            #"""
            class Point {
                @_PersistedProperty
                var x: Int

                private var _$backingData: PersistenceModels.ModelBackingData?

                private lazy var _$observationRegistrar = PersistenceModels._ModelObservationRegistrar()

                public static func _$schemaMetadata_Point<_SchemaRoot: Point>(of type: _SchemaRoot.Type) -> [PersistenceModels.Schema.PropertyMetadata] {
                    [
                        PersistenceModels.Schema.PropertyMetadata(name: "x", keyPath: \_SchemaRoot.x, options: nil),
                    ]
                }

                public var persistentBackingData: PersistenceModels.ModelBackingData {
                    get {
                        if let backingData = _$backingData {
                            return backingData
                        }
                        let created = PersistenceModels.ModelBackingData()
                        _$backingData = created
                        return created
                    }
                    set {
                        _$backingData = newValue
                    }
                }

                public class var schemaMetadata: [PersistenceModels.Schema.PropertyMetadata] {
                    _$schemaMetadata_Point(of: self)
                }

                public required init(backingData: PersistenceModels.ModelBackingData) {
                    self._$backingData = backingData
                    self._x = PersistenceModels._PersistedPropertyPlaceholder()
                }

                public func _$withObservedMutation(forKey key: String, _ mutation: () -> Void) {
                    switch key {
                    case "x":
                        _$observationRegistrar.withMutation(of: self, keyPath: \.x, mutation)
                    default:
                        mutation()
                    }
                }
            }

            extension Point: PersistenceModels.PersistentModel, PersistenceModels.RelationshipValue, PersistenceModels._ModelObservable {
            }
            """#
        }
    }

    @Test("@Model on an enum is an error that says to use a class")
    func rejectsEnum() {
        assertMacro {
            """
            @Model
            enum Mode {
                case a
            }
            """
        } diagnostics: {
            """
            @Model
            ┬─────
            ╰─ 🛑 '@Model' cannot be applied to enum 'Mode'; models need reference semantics, so declare 'Mode' as a class
            enum Mode {
                case a
            }
            """
        }
    }

    @Test("a closure property cannot be stored and the error names the fix")
    func rejectsClosure() {
        assertMacro {
            """
            @Model
            final class Job {
                var action: () -> Void
                init() { action = {} }
            }
            """
        } diagnostics: {
            """
            @Model
            final class Job {
                var action: () -> Void
                            ┬─────────
                            ╰─ 🛑 property 'action' of type '() -> Void' cannot be stored because it is a closure; store a Codable value instead or mark it '@Transient'
                init() { action = {} }
            }
            """
        }
    }

    @Test("an existential property cannot be stored")
    func rejectsExistential() {
        assertMacro {
            """
            @Model
            final class Box {
                var payload: any Sendable
                init() { payload = 1 }
            }
            """
        } diagnostics: {
            """
            @Model
            final class Box {
                var payload: any Sendable
                             ┬───────────
                             ╰─ 🛑 property 'payload' of type 'any Sendable' cannot be stored because it is an existential; store a Codable value instead or mark it '@Transient'
                init() { payload = 1 }
            }
            """
        }
    }

    @Test("a 'let' property is an error with a fix-it to make it 'var'")
    func rejectsLet() {
        assertMacro {
            """
            @Model
            final class Badge {
                let code: String
                init(code: String) { self.code = code }
            }
            """
        } diagnostics: {
            """
            @Model
            final class Badge {
                let code: String
                ┬──
                ╰─ 🛑 '@Model' cannot store 'let' property 'code'; declare it with 'var'
                   ✏️ Replace 'let' with 'var'
                init(code: String) { self.code = code }
            }
            """
        } fixes: {
            """
            @Model
            final class Badge {
                var code: String
                init(code: String) { self.code = code }
            }
            """
        } expansion: {
            #"""
            final class Badge {
                @_PersistedProperty
                var code: String
                init(code: String) { self.code = code }

                private var _$backingData: PersistenceModels.ModelBackingData?

                private lazy var _$observationRegistrar = PersistenceModels._ModelObservationRegistrar()

                public static func _$schemaMetadata_Badge<_SchemaRoot: Badge>(of type: _SchemaRoot.Type) -> [PersistenceModels.Schema.PropertyMetadata] {
                    [
                        PersistenceModels.Schema.PropertyMetadata(name: "code", keyPath: \_SchemaRoot.code, options: nil),
                    ]
                }

                public var persistentBackingData: PersistenceModels.ModelBackingData {
                    get {
                        if let backingData = _$backingData {
                            return backingData
                        }
                        let created = PersistenceModels.ModelBackingData()
                        _$backingData = created
                        return created
                    }
                    set {
                        _$backingData = newValue
                    }
                }

                public class var schemaMetadata: [PersistenceModels.Schema.PropertyMetadata] {
                    _$schemaMetadata_Badge(of: self)
                }

                public required init(backingData: PersistenceModels.ModelBackingData) {
                    self._$backingData = backingData
                    self._code = PersistenceModels._PersistedPropertyPlaceholder()
                }

                public func _$withObservedMutation(forKey key: String, _ mutation: () -> Void) {
                    switch key {
                    case "code":
                        _$observationRegistrar.withMutation(of: self, keyPath: \.code, mutation)
                    default:
                        mutation()
                    }
                }
            }

            extension Badge: PersistenceModels.PersistentModel, PersistenceModels.RelationshipValue, PersistenceModels._ModelObservable {
            }
            """#
        }
    }

    @Test("a transient property without a default value is an error")
    func rejectsTransientWithoutDefault() {
        assertMacro {
            """
            @Model
            final class Cache {
                @Transient var hits: Int
                @Transient var note: String?
                init() { hits = 0 }
            }
            """
        } diagnostics: {
            """
            @Model
            final class Cache {
                @Transient var hits: Int
                               ┬────────
                               ╰─ 🛑 '@Transient' property 'hits' needs a default value, because models read from the store are created without calling your initializer
                @Transient var note: String?
                init() { hits = 0 }
            }
            """
        }
    }
}

@Suite(
    "#Unique and #Index in @Model",
    .macros([
        "Model": modelMacroSpec, "Unique": MacroSpec(type: SchemaConstraintMacro.self),
        "Index": MacroSpec(type: SchemaConstraintMacro.self),
    ]))
struct SchemaConstraintExpansionTests {
    @Test("#Unique and #Index declarations become the model's schema constraints")
    func listsConstraints() {
        assertMacro {
            """
            @Model
            final class Visit {
                #Unique<Visit>([\\.person, \\.place])
                #Index<Visit>([\\.place], [\\Visit.date])
                var person: String
                var place: String
                var date: Date
                init() { person = ""; place = ""; date = .now }
            }
            """
        } expansion: {
            #"""
            final class Visit {
                @_PersistedProperty
                var person: String
                @_PersistedProperty
                var place: String
                @_PersistedProperty
                var date: Date
                init() { person = ""; place = ""; date = .now }

                private var _$backingData: PersistenceModels.ModelBackingData?

                private lazy var _$observationRegistrar = PersistenceModels._ModelObservationRegistrar()

                public static func _$schemaMetadata_Visit<_SchemaRoot: Visit>(of type: _SchemaRoot.Type) -> [PersistenceModels.Schema.PropertyMetadata] {
                    [
                        PersistenceModels.Schema.PropertyMetadata(name: "person", keyPath: \_SchemaRoot.person, options: nil),
                        PersistenceModels.Schema.PropertyMetadata(name: "place", keyPath: \_SchemaRoot.place, options: nil),
                        PersistenceModels.Schema.PropertyMetadata(name: "date", keyPath: \_SchemaRoot.date, options: nil),
                    ]
                }

                public var persistentBackingData: PersistenceModels.ModelBackingData {
                    get {
                        if let backingData = _$backingData {
                            return backingData
                        }
                        let created = PersistenceModels.ModelBackingData()
                        _$backingData = created
                        return created
                    }
                    set {
                        _$backingData = newValue
                    }
                }

                public class var schemaMetadata: [PersistenceModels.Schema.PropertyMetadata] {
                    _$schemaMetadata_Visit(of: self)
                }

                public required init(backingData: PersistenceModels.ModelBackingData) {
                    self._$backingData = backingData
                    self._person = PersistenceModels._PersistedPropertyPlaceholder()
                    self._place = PersistenceModels._PersistedPropertyPlaceholder()
                    self._date = PersistenceModels._PersistedPropertyPlaceholder()
                }

                public func _$withObservedMutation(forKey key: String, _ mutation: () -> Void) {
                    switch key {
                    case "person":
                        _$observationRegistrar.withMutation(of: self, keyPath: \.person, mutation)
                    case "place":
                        _$observationRegistrar.withMutation(of: self, keyPath: \.place, mutation)
                    case "date":
                        _$observationRegistrar.withMutation(of: self, keyPath: \.date, mutation)
                    default:
                        mutation()
                    }
                }

                public static var schemaConstraints: [PersistenceModels.Schema.Constraint] {
                    [.unique(["person", "place"]), .index(["place"]), .index(["date"])]
                }
            }

            extension Visit: PersistenceModels.PersistentModel, PersistenceModels.RelationshipValue, PersistenceModels._ModelObservable {
            }
            """#
        }
    }
}

@Suite("@Model on a subclass", .macros(["Model": subclassModelMacroSpec]))
struct ModelSubclassExpansionTests {
    @Test(
        "a subclass adds its properties to the inherited metadata and overrides the model members, with no new conformance"
    )
    func expandsSubclass() {
        assertMacro {
            """
            @Model
            final class Photo: MediaItem {
                var width: Int

                init(title: String, width: Int) {
                    self.width = width
                    super.init(title: title)
                }
            }
            """
        } expansion: {
            #"""
            final class Photo: MediaItem {
                @_PersistedProperty
                var width: Int

                init(title: String, width: Int) {
                    self.width = width
                    super.init(title: title)
                }

                private var _$backingData: PersistenceModels.ModelBackingData?

                private lazy var _$observationRegistrar = PersistenceModels._ModelObservationRegistrar()

                public static func _$schemaMetadata_Photo<_SchemaRoot: Photo>(of type: _SchemaRoot.Type) -> [PersistenceModels.Schema.PropertyMetadata] {
                    MediaItem._$schemaMetadata_MediaItem(of: type) + [
                        PersistenceModels.Schema.PropertyMetadata(name: "width", keyPath: \_SchemaRoot.width, options: nil),
                    ]
                }

                public override var persistentBackingData: PersistenceModels.ModelBackingData {
                    get {
                        let inherited = super.persistentBackingData
                        if let own = _$backingData, own !== inherited {
                            inherited.takeInitialValues(of: own)
                        }
                        _$backingData = inherited
                        return inherited
                    }
                    set {
                        _$backingData = newValue
                        super.persistentBackingData = newValue
                    }
                }

                public override class var schemaMetadata: [PersistenceModels.Schema.PropertyMetadata] {
                    _$schemaMetadata_Photo(of: self)
                }

                public required init(backingData: PersistenceModels.ModelBackingData) {
                    self._$backingData = backingData
                    self._width = PersistenceModels._PersistedPropertyPlaceholder()
                    super.init(backingData: backingData)
                }

                public override func _$withObservedMutation(forKey key: String, _ mutation: () -> Void) {
                    switch key {
                    case "width":
                        _$observationRegistrar.withMutation(of: self, keyPath: \.width, mutation)
                    default:
                        super._$withObservedMutation(forKey: key, mutation)
                    }
                }
            }
            """#
        }
    }
}

@Suite(
    "@Model on a subclass with constraints",
    .macros(["Model": subclassModelMacroSpec, "Unique": MacroSpec(type: SchemaConstraintMacro.self)]))
struct ModelSubclassConstraintTests {
    @Test("#Unique in a subclass is an error that names where to declare it")
    func rejectsConstraintsInSubclass() {
        assertMacro {
            """
            @Model
            final class Photo: MediaItem {
                #Unique<Photo>([\\.width])
                var width: Int
                init(width: Int) {
                    self.width = width
                    super.init(title: "")
                }
            }
            """
        } diagnostics: {
            #"""
            @Model
            ┬─────
            ╰─ 🛑 '#Unique' and '#Index' in subclass 'Photo' are not supported: the rows of a hierarchy share one table; declare them in the model class at the top of the hierarchy ('MediaItem' or a class it inherits from)
            final class Photo: MediaItem {
                #Unique<Photo>([\.width])
                var width: Int
                init(width: Int) {
                    self.width = width
                    super.init(title: "")
                }
            }
            """#
        }
    }
}
