import PersistenceMacrosSupport
import SwiftSyntaxMacroExpansion

/// `@Model` as the compiler sees it: a class that is not yet a model is asked for the `PersistentModel`
/// conformance; a subclass of a model, which already conforms, is given none (see the inheritance tests).
let modelMacroSpec = MacroSpec(type: ModelMacro.self, conformances: ["PersistentModel"])

/// `@Model` on a subclass of a model, which inherits the conformance.
let subclassModelMacroSpec = MacroSpec(type: ModelMacro.self, conformances: [])
