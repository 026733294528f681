import MacroTesting
import PersistenceMacrosSupport
import Testing

@Suite("@Model expansion", .macros(["Model": ModelMacro.self], record: .missing))
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

                private lazy var _$observationRegistrar = PersistenceModels._ModelObservationRegistrar()

                public static var schemaMetadata: [PersistenceModels.Schema.PropertyMetadata] {
                    [
                        PersistenceModels.Schema.PropertyMetadata(name: "title", keyPath: \Note.title, options: nil),
                        PersistenceModels.Schema.PropertyMetadata(name: "isPinned", keyPath: \Note.isPinned, defaultValue: false, options: nil),
                    ]
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

                private lazy var _$observationRegistrar = PersistenceModels._ModelObservationRegistrar()

                public static var schemaMetadata: [PersistenceModels.Schema.PropertyMetadata] {
                    [
                        PersistenceModels.Schema.PropertyMetadata(name: "name", keyPath: \Folder.name, options: .attribute(.unique)),
                        PersistenceModels.Schema.PropertyMetadata(name: "notes", keyPath: \Folder.notes, defaultValue: [], options: .relationship(deleteRule: .cascade, inverse: \Note.folder)),
                    ]
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

@Suite("@_PersistedProperty expansion", .macros(["_PersistedProperty": PersistedPropertyMacro.self], record: .missing))
struct PersistedPropertyExpansionTests {
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

@Suite("@Model diagnostics", .macros(["Model": ModelMacro.self], record: .missing))
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

                private lazy var _$observationRegistrar = PersistenceModels._ModelObservationRegistrar()

                public static var schemaMetadata: [PersistenceModels.Schema.PropertyMetadata] {
                    [
                        PersistenceModels.Schema.PropertyMetadata(name: "x", keyPath: \Point.x, options: nil),
                    ]
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

                private lazy var _$observationRegistrar = PersistenceModels._ModelObservationRegistrar()

                public static var schemaMetadata: [PersistenceModels.Schema.PropertyMetadata] {
                    [
                        PersistenceModels.Schema.PropertyMetadata(name: "code", keyPath: \Badge.code, options: nil),
                    ]
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

@Suite("#Unique and #Index in @Model", .macros(["Model": ModelMacro.self, "Unique": SchemaConstraintMacro.self, "Index": SchemaConstraintMacro.self], record: .missing))
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

                private lazy var _$observationRegistrar = PersistenceModels._ModelObservationRegistrar()

                public static var schemaMetadata: [PersistenceModels.Schema.PropertyMetadata] {
                    [
                        PersistenceModels.Schema.PropertyMetadata(name: "person", keyPath: \Visit.person, options: nil),
                        PersistenceModels.Schema.PropertyMetadata(name: "place", keyPath: \Visit.place, options: nil),
                        PersistenceModels.Schema.PropertyMetadata(name: "date", keyPath: \Visit.date, options: nil),
                    ]
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
