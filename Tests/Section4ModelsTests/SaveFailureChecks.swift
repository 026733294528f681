import Foundation
import PersistenceCore
import Section4Models
import Testing

/// Each change the store makes ends with a save, and a save can fail: these checks give the store a
/// container whose configuration has `allowsSave: false` and expect the context's own error to reach
/// the caller.
@Suite("Section 4: failed saves")
struct SaveFailureChecks {
    @Test("adding a task passes on the error of a save the store refuses")
    func addTaskThrows() throws {
        let store = TaskStore(context: try TaskBench.inMemoryContext(allowsSave: false))
        expectRefusedSave("addTask(title:) through a context that may not save") {
            try store.addTask(title: "Defrost the freezer")
        }
    }

    @Test("adding a category passes on the error of a save the store refuses")
    func addCategoryThrows() throws {
        let store = TaskStore(context: try TaskBench.inMemoryContext(allowsSave: false))
        expectRefusedSave("addCategory(named:) through a context that may not save") {
            try store.addCategory(named: "Garage")
        }
    }

    @Test("completing a task passes on the error of a save the store refuses")
    func completeThrows() throws {
        try TaskBench.run { bench in
            try bench.save(TaskItem(title: "Renew the parking permit"))
            let store = try bench.openTaskStore(allowsSave: false)
            let task = try #require(
                try storedTasks(in: store.context).first, "The check's own setup: the saved task is missing.")
            expectRefusedSave("complete(_:) on a saved task, through a context that may not save") {
                try store.complete(task)
            }
        }
    }

    @Test("renaming a task passes on the error of a save the store refuses")
    func renameThrows() throws {
        try TaskBench.run { bench in
            try bench.save(TaskItem(title: "Call the plumber"))
            let store = try bench.openTaskStore(allowsSave: false)
            let task = try #require(
                try storedTasks(in: store.context).first, "The check's own setup: the saved task is missing.")
            expectRefusedSave("rename(_:to:) on a saved task, through a context that may not save") {
                try store.rename(task, to: "Call the plumber about the boiler")
            }
        }
    }

    @Test("deleting a task passes on the error of a save the store refuses")
    func deleteTaskThrows() throws {
        try TaskBench.run { bench in
            try bench.save(TaskItem(title: "Cancel the gym"))
            let store = try bench.openTaskStore(allowsSave: false)
            let task = try #require(
                try storedTasks(in: store.context).first, "The check's own setup: the saved task is missing.")
            expectRefusedSave("deleteTask(_:) on a saved task, through a context that may not save") {
                try store.deleteTask(task)
            }
        }
    }

    @Test("deleting a category passes on the error of a save the store refuses")
    func deleteCategoryThrows() throws {
        try TaskBench.run { bench in
            try bench.save(Category(name: "Someday"))
            let store = try bench.openTaskStore(allowsSave: false)
            let category = try #require(
                try storedCategories(in: store.context).first, "The check's own setup: the saved category is missing.")
            expectRefusedSave("deleteCategory(_:) on a saved category, through a context that may not save") {
                try store.deleteCategory(category)
            }
        }
    }
}

/// Expects `operation` to throw the context's `SwiftDataError` with the code `.saveNotAllowed`, and
/// records what it did instead.
func expectRefusedSave(
    _ operation: String,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ operationBody: () throws -> Void
) {
    let expected = "the context's SwiftDataError with code .saveNotAllowed"
    do {
        try operationBody()
        Issue.record(
            "\(operation): expected \(expected) to reach the caller, found that the call returned normally.",
            sourceLocation: sourceLocation)
    } catch let error as SwiftDataError where error.workbenchKind == .saveNotAllowed {
        return
    } catch {
        Issue.record(
            "\(operation): expected \(expected), found \(type(of: error)): \(error).", sourceLocation: sourceLocation)
    }
}
