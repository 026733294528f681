import PersistenceMacrosSupport
import SwiftSyntaxMacroExpansion
import Testing

@Suite("@Attribute options in @Model", .macros(["Model": modelMacroSpec]))
struct AttributeOptionExpansionTests {
    @Test(
        "ephemeral, Spotlight, cloud encryption, preserved and transformable options reach the schema metadata as written"
    )
    func passesEveryOption() {
        assertMacro {
            """
            @Model
            final class Poster {
                @Attribute(.spotlight) var title: String
                @Attribute(.allowsCloudEncryption) var notes: String?
                @Attribute(.preserveValueOnDeletion) var createdAt: Date
                @Attribute(.ephemeral) var isSelected = false
                @Attribute(.transformable(by: ColorTransformer.self)) var tint: ThemeColor?
                @Attribute(.transformable(by: "PaletteTransformer")) var palette: ThemeColor?
                init(title: String) {
                    self.title = title
                    self.createdAt = .now
                }
            }
            """
        } expansion: {
            #"""
            final class Poster {
                @Attribute(.spotlight)
                @_PersistedProperty var title: String
                @Attribute(.allowsCloudEncryption)
                @_PersistedProperty var notes: String?
                @Attribute(.preserveValueOnDeletion)
                @_PersistedProperty var createdAt: Date
                @Attribute(.ephemeral)
                @_PersistedProperty var isSelected = false
                @Attribute(.transformable(by: ColorTransformer.self))
                @_PersistedProperty var tint: ThemeColor?
                @Attribute(.transformable(by: "PaletteTransformer"))
                @_PersistedProperty var palette: ThemeColor?
                init(title: String) {
                    self.title = title
                    self.createdAt = .now
                }

                private var _$backingData: PersistenceModels.ModelBackingData?

                private lazy var _$observationRegistrar = PersistenceModels._ModelObservationRegistrar()

                public static func _$schemaMetadata_Poster<_SchemaRoot: Poster>(of type: _SchemaRoot.Type) -> [PersistenceModels.Schema.PropertyMetadata] {
                    [
                        PersistenceModels.Schema.PropertyMetadata(name: "title", keyPath: \_SchemaRoot.title, options: .attribute(.spotlight)),
                        PersistenceModels.Schema.PropertyMetadata(name: "notes", keyPath: \_SchemaRoot.notes, options: .attribute(.allowsCloudEncryption)),
                        PersistenceModels.Schema.PropertyMetadata(name: "createdAt", keyPath: \_SchemaRoot.createdAt, options: .attribute(.preserveValueOnDeletion)),
                        PersistenceModels.Schema.PropertyMetadata(name: "isSelected", keyPath: \_SchemaRoot.isSelected, defaultValue: false, options: .attribute(.ephemeral)),
                        PersistenceModels.Schema.PropertyMetadata(name: "tint", keyPath: \_SchemaRoot.tint, options: .attribute(.transformable(by: ColorTransformer.self))),
                        PersistenceModels.Schema.PropertyMetadata(name: "palette", keyPath: \_SchemaRoot.palette, options: .attribute(.transformable(by: "PaletteTransformer"))),
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
                    _$schemaMetadata_Poster(of: self)
                }

                public required init(backingData: PersistenceModels.ModelBackingData) {
                    self._$backingData = backingData
                    self._title = PersistenceModels._PersistedPropertyPlaceholder()
                    self._notes = PersistenceModels._PersistedPropertyPlaceholder()
                    self._createdAt = PersistenceModels._PersistedPropertyPlaceholder()
                    self._isSelected = PersistenceModels._PersistedPropertyPlaceholder()
                    self._tint = PersistenceModels._PersistedPropertyPlaceholder()
                    self._palette = PersistenceModels._PersistedPropertyPlaceholder()
                }

                public func _$withObservedMutation(forKey key: String, _ mutation: () -> Void) {
                    switch key {
                    case "title":
                        _$observationRegistrar.withMutation(of: self, keyPath: \.title, mutation)
                    case "notes":
                        _$observationRegistrar.withMutation(of: self, keyPath: \.notes, mutation)
                    case "createdAt":
                        _$observationRegistrar.withMutation(of: self, keyPath: \.createdAt, mutation)
                    case "isSelected":
                        _$observationRegistrar.withMutation(of: self, keyPath: \.isSelected, mutation)
                    case "tint":
                        _$observationRegistrar.withMutation(of: self, keyPath: \.tint, mutation)
                    case "palette":
                        _$observationRegistrar.withMutation(of: self, keyPath: \.palette, mutation)
                    default:
                        mutation()
                    }
                }
            }

            extension Poster: PersistenceModels.PersistentModel, PersistenceModels.RelationshipValue, PersistenceModels._ModelObservable {
            }
            """#
        }
    }

    @Test("an ephemeral property with neither a default value nor an optional type draws a warning")
    func warnsOfEphemeralWithoutDefault() {
        assertMacro {
            """
            @Model
            final class Counter {
                @Attribute(.ephemeral) var taps: Int
                @Attribute(.ephemeral) var lastTap: Date?
                @Attribute(.ephemeral) var isActive = false
                init() { taps = 0 }
            }
            """
        } diagnostics: {
            """
            @Model
            final class Counter {
                @Attribute(.ephemeral) var taps: Int
                                           ┬────────
                                           ╰─ ⚠️ '.ephemeral' property 'taps' has no default value, so reading it from a model fetched from the store stops the program: give it a default value or an optional type
                @Attribute(.ephemeral) var lastTap: Date?
                @Attribute(.ephemeral) var isActive = false
                init() { taps = 0 }
            }
            """
        } expansion: {
            #"""
            final class Counter {
                @Attribute(.ephemeral)
                @_PersistedProperty var taps: Int
                @Attribute(.ephemeral)
                @_PersistedProperty var lastTap: Date?
                @Attribute(.ephemeral)
                @_PersistedProperty var isActive = false
                init() { taps = 0 }

                private var _$backingData: PersistenceModels.ModelBackingData?

                private lazy var _$observationRegistrar = PersistenceModels._ModelObservationRegistrar()

                public static func _$schemaMetadata_Counter<_SchemaRoot: Counter>(of type: _SchemaRoot.Type) -> [PersistenceModels.Schema.PropertyMetadata] {
                    [
                        PersistenceModels.Schema.PropertyMetadata(name: "taps", keyPath: \_SchemaRoot.taps, options: .attribute(.ephemeral)),
                        PersistenceModels.Schema.PropertyMetadata(name: "lastTap", keyPath: \_SchemaRoot.lastTap, options: .attribute(.ephemeral)),
                        PersistenceModels.Schema.PropertyMetadata(name: "isActive", keyPath: \_SchemaRoot.isActive, defaultValue: false, options: .attribute(.ephemeral)),
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
                    _$schemaMetadata_Counter(of: self)
                }

                public required init(backingData: PersistenceModels.ModelBackingData) {
                    self._$backingData = backingData
                    self._taps = PersistenceModels._PersistedPropertyPlaceholder()
                    self._lastTap = PersistenceModels._PersistedPropertyPlaceholder()
                    self._isActive = PersistenceModels._PersistedPropertyPlaceholder()
                }

                public func _$withObservedMutation(forKey key: String, _ mutation: () -> Void) {
                    switch key {
                    case "taps":
                        _$observationRegistrar.withMutation(of: self, keyPath: \.taps, mutation)
                    case "lastTap":
                        _$observationRegistrar.withMutation(of: self, keyPath: \.lastTap, mutation)
                    case "isActive":
                        _$observationRegistrar.withMutation(of: self, keyPath: \.isActive, mutation)
                    default:
                        mutation()
                    }
                }
            }

            extension Counter: PersistenceModels.PersistentModel, PersistenceModels.RelationshipValue, PersistenceModels._ModelObservable {
            }
            """#
        }
    }
}
