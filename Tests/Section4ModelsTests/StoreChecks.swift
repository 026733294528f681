import Foundation
import PersistenceCore
import Section4Models
import Testing

@Suite("Section 4: the task store")
struct StoreChecks {
    @Test("a task added through the store is saved at once")
    func addTaskSaves() throws {
        try TaskBench.run { bench in
            let store = try bench.openTaskStore()
            let due = Date(timeIntervalSinceReferenceDate: 812_345_678.5)
            try store.addTask(title: "Book the dentist", notes: "Mornings only", dueDate: due, priority: .high)

            let reopened = try storedTasks(in: bench.openContext())
            #expect(
                reopened.map(\.title) == ["Book the dentist"],
                "Tasks in the store file right after addTask, without any other save: expected [\"Book the dentist\"], found \(describe(reopened.map(\.title)))."
            )
            guard let loaded = reopened.first else { return }
            #expect(
                loaded.notes == "Mornings only",
                "notes of the added task after reopening: expected \"Mornings only\", found \"\(loaded.notes)\".")
            #expect(
                loaded.priority == .high,
                "priority of the added task after reopening: expected .high, found .\(loaded.priority.rawValue).")
            #expect(
                loaded.dueDate == due,
                "dueDate of the added task after reopening: expected \(describe(due)), found \(describe(loaded.dueDate))."
            )
        }
    }

    @Test("a task added through the store with only a title has the defaults of a new task")
    func addTaskDefaults() throws {
        try TaskBench.run { bench in
            try bench.openTaskStore().addTask(title: "Sort the recycling")

            let reopened = try storedTasks(in: bench.openContext())
            #expect(
                reopened.count == 1,
                "Tasks in the store after one addTask(title:): expected 1, found \(reopened.count).")
            guard let loaded = reopened.first else { return }
            let found =
                "priority .\(loaded.priority.rawValue), notes \"\(loaded.notes)\", dueDate \(describe(loaded.dueDate)), isCompleted \(loaded.isCompleted), category \(describe(loaded.category))"
            let expected = "priority .medium, notes \"\", dueDate nil, isCompleted false, category nil"
            #expect(
                found == expected,
                "A task added with addTask(title:) alone, after reopening: expected \(expected), found \(found).")
        }
    }

    @Test("all tasks come oldest first by creation date, whatever order they were saved in")
    func allTasksByCreationDate() throws {
        try TaskBench.run { bench in
            let context = try bench.openContext()
            // Saved in neither date nor title order, so only a sort on createdAt gives the expected list.
            for (title, day) in [("Water the plants", 3.0), ("Pack lunch", 1.0), ("Book tickets", 2.0)] {
                let task = TaskItem(title: title)
                task.createdAt = moment(day: day)
                context.insert(task)
            }
            try context.save()

            let titles = try bench.openTaskStore().allTasks().map(\.title)
            let expected = ["Pack lunch", "Book tickets", "Water the plants"]
            #expect(
                titles == expected,
                "allTasks() after reopening a store whose tasks were created on days 1, 2 and 3 but saved in the order 3, 1, 2: expected \(describe(expected)), found \(describe(titles))."
            )
        }
    }

    @Test("a category's tasks come oldest first by creation date, whatever order they were filed in")
    func tasksInCategoryByCreationDate() throws {
        let store = TaskStore(context: try TaskBench.inMemoryContext())
        let kitchen = try store.addCategory(named: "Kitchen")
        // Filed in neither date nor title order, so only a sort on createdAt gives the expected list.
        for (title, day) in [("Wipe the fridge", 3.0), ("Oil the hinges", 1.0), ("Descale the kettle", 2.0)] {
            let task = try store.addTask(title: title, in: kitchen)
            task.createdAt = moment(day: day)
        }
        try store.context.save()

        let titles = store.tasks(in: kitchen).map(\.title)
        let expected = ["Oil the hinges", "Descale the kettle", "Wipe the fridge"]
        #expect(
            titles == expected,
            "tasks(in:) for tasks created on days 1, 2 and 3 but filed in the order 3, 1, 2: expected \(describe(expected)), found \(describe(titles))."
        )
    }

    @Test("all tasks lists every task, oldest first")
    func allTasksOldestFirst() throws {
        try TaskBench.run { bench in
            let store = try bench.openTaskStore()
            for title in ["Buy bread", "Call grandma", "Answer email"] {
                try store.addTask(title: title)
            }

            let titles = try store.allTasks().map(\.title)
            let expected = ["Buy bread", "Call grandma", "Answer email"]
            #expect(
                titles == expected,
                "allTasks() after adding three tasks: expected \(describe(expected)) (oldest first), found \(describe(titles))."
            )
        }
    }

    @Test("a category's tasks are only the tasks filed under it")
    func tasksInCategory() throws {
        try TaskBench.run { bench in
            let store = try bench.openTaskStore()
            let home = try store.addCategory(named: "Home")
            let work = try store.addCategory(named: "Work")
            try store.addTask(title: "Hang the shelf", in: home)
            try store.addTask(title: "Plan the sprint", in: work)
            try store.addTask(title: "Unfiled idea")
            try store.addTask(title: "Clean the oven", in: home)

            let titles = store.tasks(in: home).map(\.title)
            let expected = ["Hang the shelf", "Clean the oven"]
            #expect(
                titles == expected,
                "tasks(in: home): expected \(describe(expected)) (oldest first), found \(describe(titles)).")
            let filed = try storedTasks(in: bench.openContext()).map { "\($0.title) → \($0.category?.name ?? "none")" }
            let expectedFiling = [
                "Clean the oven → Home", "Hang the shelf → Home", "Plan the sprint → Work", "Unfiled idea → none",
            ]
            #expect(
                filed == expectedFiling,
                "Each task's category after reopening the store: expected \(describe(expectedFiling)), found \(describe(filed))."
            )
        }
    }

    @Test("completing a task is saved")
    func completeSaves() throws {
        try TaskBench.run { bench in
            let store = try bench.openTaskStore()
            let task = try store.addTask(title: "Return the library books")
            try store.complete(task)

            #expect(task.isCompleted, "isCompleted right after complete(_:): expected true, found false.")
            let reopened = try storedTasks(in: bench.openContext())
            #expect(
                reopened.map(\.isCompleted) == [true],
                "isCompleted of each stored task after complete(_:) and reopening: expected [true], found \(reopened.map(\.isCompleted))."
            )
        }
    }

    @Test("completing a task twice leaves it completed")
    func completeTwice() throws {
        try TaskBench.run { bench in
            let store = try bench.openTaskStore()
            let task = try store.addTask(title: "Feed the cat")
            try store.complete(task)
            try store.complete(task)

            #expect(task.isCompleted, "isCompleted right after calling complete(_:) twice: expected true, found false.")
            let reopened = try storedTasks(in: bench.openContext())
            #expect(
                reopened.map(\.isCompleted) == [true],
                "isCompleted of each stored task after complete(_:) twice and reopening: expected [true], found \(reopened.map(\.isCompleted))."
            )
        }
    }

    @Test("renaming a task is saved")
    func renameSaves() throws {
        try TaskBench.run { bench in
            let store = try bench.openTaskStore()
            let task = try store.addTask(title: "Pay rent")
            try store.rename(task, to: "Pay rent and the water bill")

            #expect(
                task.title == "Pay rent and the water bill",
                "title right after rename(_:to:): expected \"Pay rent and the water bill\", found \"\(task.title)\".")
            let titles = try storedTasks(in: bench.openContext()).map(\.title)
            #expect(
                titles == ["Pay rent and the water bill"],
                "Stored titles after rename(_:to:) and reopening: expected [\"Pay rent and the water bill\"], found \(describe(titles))."
            )
        }
    }

    @Test("deleting a task removes it from the store and from its category")
    func deleteTaskSaves() throws {
        try TaskBench.run { bench in
            let store = try bench.openTaskStore()
            let errands = try store.addCategory(named: "Errands")
            let stamps = try store.addTask(title: "Buy stamps", in: errands)
            try store.addTask(title: "Post the parcel", in: errands)
            try store.deleteTask(stamps)

            let reopenedContext = try bench.openContext()
            let titles = try storedTasks(in: reopenedContext).map(\.title)
            #expect(
                titles == ["Post the parcel"],
                "Stored tasks after deleting \"Buy stamps\" and reopening: expected [\"Post the parcel\"], found \(describe(titles))."
            )
            let categoryTitles = try storedCategories(in: reopenedContext).first.map { $0.tasks.map(\.title) } ?? []
            #expect(
                categoryTitles == ["Post the parcel"],
                "The tasks of \"Errands\" after the delete and reopening: expected [\"Post the parcel\"], found \(describe(categoryTitles))."
            )
        }
    }

    @Test("a category added through the store is saved at once")
    func addCategorySaves() throws {
        try TaskBench.run { bench in
            let store = try bench.openTaskStore()
            let hobbies = try store.addCategory(named: "Hobbies")

            #expect(
                hobbies.name == "Hobbies",
                "name of the added category: expected \"Hobbies\", found \"\(hobbies.name)\".")
            #expect(
                hobbies.tasks.isEmpty,
                "tasks of a new category: expected none, found \(describe(hobbies.tasks.map(\.title))).")
            let names = try storedCategories(in: bench.openContext()).map(\.name)
            #expect(
                names == ["Hobbies"],
                "Categories in the store file right after addCategory(named:): expected [\"Hobbies\"], found \(describe(names))."
            )
        }
    }

    @Test("deleting a category clears the category of its tasks at once, before the store is reopened")
    func deleteCategoryNullifiesInMemory() throws {
        let store = TaskStore(context: try TaskBench.inMemoryContext())
        let attic = try store.addCategory(named: "Attic")
        let boxes = try store.addTask(title: "Label the boxes", in: attic)
        let lamp = try store.addTask(title: "Fix the lamp", in: attic)
        try store.deleteCategory(attic)

        let found = [boxes, lamp].map { "\($0.title) → \($0.category?.name ?? "none")" }
        let expected = ["Label the boxes → none", "Fix the lamp → none"]
        #expect(
            found == expected,
            "The category of each task returned by addTask, read right after deleteCategory(_:) without reopening: expected \(describe(expected)), found \(describe(found))."
        )
        let listed = try store.allTasks().map(\.title).sorted()
        #expect(
            listed == ["Fix the lamp", "Label the boxes"],
            "allTasks(), titles sorted A to Z, right after deleting their category: expected [\"Fix the lamp\", \"Label the boxes\"], found \(describe(listed))."
        )
    }

    @Test("deleting a category keeps its tasks and leaves them without a category")
    func deleteCategoryNullifies() throws {
        try TaskBench.run { bench in
            let store = try bench.openTaskStore()
            let chores = try store.addCategory(named: "Chores")
            try store.addCategory(named: "Shopping")
            try store.addTask(title: "Vacuum the stairs", in: chores)
            try store.addTask(title: "Empty the bins", in: chores)
            try store.deleteCategory(chores)

            let reopenedContext = try bench.openContext()
            let names = try storedCategories(in: reopenedContext).map(\.name)
            #expect(
                names == ["Shopping"],
                "Categories after deleting \"Chores\" and reopening: expected [\"Shopping\"], found \(describe(names))."
            )
            let tasks = try storedTasks(in: reopenedContext)
            let titles = tasks.map(\.title)
            #expect(
                titles == ["Empty the bins", "Vacuum the stairs"],
                "Tasks after deleting their category and reopening: expected [\"Empty the bins\", \"Vacuum the stairs\"] to remain, found \(describe(titles))."
            )
            for task in tasks {
                #expect(
                    task.category == nil,
                    "The category of \"\(task.title)\" after its category was deleted: expected nil, found \(describe(task.category))."
                )
            }
        }
    }
}
