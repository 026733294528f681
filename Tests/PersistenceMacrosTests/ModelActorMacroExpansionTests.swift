import PersistenceMacrosSupport
import Testing

@Suite("@ModelActor expansion", .macros(["ModelActor": ModelActorMacro.self]))
struct ModelActorMacroExpansionTests {
    @Test("an actor gets a model executor, its container, init(modelContainer:) and a ModelActor conformance")
    func expandsActor() {
        assertMacro {
            """
            @ModelActor
            actor NoteImporter {
                func importTitles(_ titles: [String]) throws {
                    for title in titles { modelContext.insert(Note(title: title)) }
                    try modelContext.save()
                }
            }
            """
        } expansion: {
            """
            actor NoteImporter {
                func importTitles(_ titles: [String]) throws {
                    for title in titles { modelContext.insert(Note(title: title)) }
                    try modelContext.save()
                }

                nonisolated let modelExecutor: any PersistenceModels.ModelExecutor

                nonisolated let modelContainer: PersistenceModels.ModelContainer

                init(modelContainer: PersistenceModels.ModelContainer) {
                    let modelContext = PersistenceModels.ModelContext(modelContainer)
                    self.modelExecutor = PersistenceModels.DefaultSerialModelExecutor(modelContext: modelContext)
                    self.modelContainer = modelContainer
                }
            }

            extension NoteImporter: PersistenceModels.ModelActor {
            }
            """
        }
    }

    @Test("a public actor gets public members, so its conformance can be public")
    func expandsPublicActor() {
        assertMacro {
            """
            @ModelActor
            public actor Archiver {
            }
            """
        } expansion: {
            """
            public actor Archiver {

                public nonisolated let modelExecutor: any PersistenceModels.ModelExecutor

                public nonisolated let modelContainer: PersistenceModels.ModelContainer

                public init(modelContainer: PersistenceModels.ModelContainer) {
                    let modelContext = PersistenceModels.ModelContext(modelContainer)
                    self.modelExecutor = PersistenceModels.DefaultSerialModelExecutor(modelContext: modelContext)
                    self.modelContainer = modelContainer
                }
            }

            extension Archiver: PersistenceModels.ModelActor {
            }
            """
        }
    }
}

@Suite("@ModelActor diagnostics", .macros(["ModelActor": ModelActorMacro.self]))
struct ModelActorMacroDiagnosticTests {
    @Test("@ModelActor on a class is an error that offers to make it an actor")
    func rejectsClass() {
        assertMacro {
            """
            @ModelActor
            final class Importer {
            }
            """
        } diagnostics: {
            """
            @ModelActor
            ┬──────────
            ╰─ 🛑 '@ModelActor' cannot be applied to class 'Importer'; its model context must be isolated to an actor, so declare 'Importer' as an actor
               ✏️ Declare it as an actor
            final class Importer {
            }
            """
        } fixes: {
            """
            @ModelActor
            final actor Importer {
            }
            """
        } expansion: {
            """
            final actor Importer {

                nonisolated let modelExecutor: any PersistenceModels.ModelExecutor

                nonisolated let modelContainer: PersistenceModels.ModelContainer

                init(modelContainer: PersistenceModels.ModelContainer) {
                    let modelContext = PersistenceModels.ModelContext(modelContainer)
                    self.modelExecutor = PersistenceModels.DefaultSerialModelExecutor(modelContext: modelContext)
                    self.modelContainer = modelContainer
                }
            }

            extension Importer: PersistenceModels.ModelActor {
            }
            """
        }
    }

    @Test("@ModelActor on a struct is an error that offers to make it an actor")
    func rejectsStruct() {
        assertMacro {
            """
            @ModelActor
            struct Importer {
            }
            """
        } diagnostics: {
            """
            @ModelActor
            ┬──────────
            ╰─ 🛑 '@ModelActor' cannot be applied to struct 'Importer'; its model context must be isolated to an actor, so declare 'Importer' as an actor
               ✏️ Declare it as an actor
            struct Importer {
            }
            """
        } fixes: {
            """
            @ModelActor
            actor Importer {
            }
            """
        } expansion: {
            """
            actor Importer {

                nonisolated let modelExecutor: any PersistenceModels.ModelExecutor

                nonisolated let modelContainer: PersistenceModels.ModelContainer

                init(modelContainer: PersistenceModels.ModelContainer) {
                    let modelContext = PersistenceModels.ModelContext(modelContainer)
                    self.modelExecutor = PersistenceModels.DefaultSerialModelExecutor(modelContext: modelContext)
                    self.modelContainer = modelContainer
                }
            }

            extension Importer: PersistenceModels.ModelActor {
            }
            """
        }
    }

    @Test("@ModelActor on an enum is an error without a fix-it")
    func rejectsEnum() {
        assertMacro {
            """
            @ModelActor
            enum Importer {
            }
            """
        } diagnostics: {
            """
            @ModelActor
            ┬──────────
            ╰─ 🛑 '@ModelActor' cannot be applied to enum 'Importer'; its model context must be isolated to an actor, so declare 'Importer' as an actor
            enum Importer {
            }
            """
        }
    }
}
