import Foundation
import PersistenceCore
import Section4Models
import Testing

@Suite("Section 4: the models")
struct ModelChecks {
    @Test("every property of a task survives reopening the store")
    func everyPropertyPersists() throws {
        try TaskBench.run { bench in
            let due = Date(timeIntervalSinceReferenceDate: 815_000_000.25)
            let context = try bench.openContext()
            let task = TaskItem(title: "Renew passport", notes: "Take two photos", dueDate: due, priority: .high)
            task.isCompleted = true
            context.insert(task)
            try context.save()

            let reopened = try storedTasks(in: bench.openContext())
            #expect(
                reopened.count == 1,
                "One saved task should be in the store after reopening it: expected 1 task, found \(reopened.count).")
            guard let loaded = reopened.first else { return }
            #expect(
                loaded.title == "Renew passport",
                "title after reopening: expected \"Renew passport\", found \"\(loaded.title)\". Is `title` a stored property set in init?"
            )
            #expect(
                loaded.notes == "Take two photos",
                "notes after reopening: expected \"Take two photos\", found \"\(loaded.notes)\". Is `notes` a stored property (not @Transient) set in init?"
            )
            #expect(
                loaded.dueDate == due,
                "dueDate after reopening: expected \(describe(due)), found \(describe(loaded.dueDate)).")
            #expect(
                loaded.priority == .high,
                "priority after reopening: expected .high, found .\(loaded.priority.rawValue).")
            #expect(
                loaded.isCompleted, "isCompleted after marking the task done and reopening: expected true, found false."
            )
            #expect(
                loaded.createdAt == task.createdAt,
                "createdAt after reopening: expected \(describe(task.createdAt)) (the value the task was created with), found \(describe(loaded.createdAt))."
            )
        }
    }

    @Test("a new task is not completed, has medium priority and records when it was created")
    func defaults() throws {
        let context = try TaskBench.inMemoryContext()
        let before = Date.now
        let task = TaskItem(title: "Water the plants")
        let after = Date.now
        context.insert(task)
        try context.save()

        let stored = try storedTasks(in: ModelContext(context.container))
        #expect(stored.count == 1, "One saved task should be in the store: expected 1 task, found \(stored.count).")
        guard let loaded = stored.first else { return }
        #expect(!loaded.isCompleted, "isCompleted of a new task: expected false, found true.")
        #expect(
            loaded.priority == .medium,
            "priority of a task created without one: expected .medium, found .\(loaded.priority.rawValue).")
        #expect(loaded.notes.isEmpty, "notes of a task created without any: expected \"\", found \"\(loaded.notes)\".")
        #expect(
            loaded.dueDate == nil,
            "dueDate of a task created without one: expected nil, found \(describe(loaded.dueDate)).")
        #expect(
            (before...after).contains(loaded.createdAt),
            "createdAt of a new task: expected the moment it was created (between \(describe(before)) and \(describe(after))), found \(describe(loaded.createdAt))."
        )
    }

    @Test("each priority is stored and read back as the same case")
    func prioritiesRoundTrip() throws {
        try TaskBench.run { bench in
            let context = try bench.openContext()
            for priority in Priority.allCases {
                context.insert(TaskItem(title: "A \(priority.rawValue) task", priority: priority))
            }
            try context.save()

            let reopened = try storedTasks(in: bench.openContext())
            let found = reopened.map { "\($0.title): .\($0.priority)" }
            let expected = ["A high task: .high", "A low task: .low", "A medium task: .medium"]
            #expect(
                found == expected,
                "Each task's priority after reopening the store: expected \(describe(expected)), found \(describe(found))."
            )
        }
    }

    @Test("adding a task to a category's tasks sets the task's category")
    func toManySetsInverse() throws {
        let context = try TaskBench.inMemoryContext()
        let home = Category(name: "Home")
        let task = TaskItem(title: "Fix the tap")
        context.insert(home)
        context.insert(task)
        home.tasks.append(task)

        #expect(
            task.category === home,
            "After `home.tasks.append(task)`, task.category: expected the category \"Home\", found \(describe(task.category)). `tasks` needs `@Relationship(inverse: \\TaskItem.category)`."
        )
        #expect(
            home.tasks.map(\.title) == ["Fix the tap"],
            "home.tasks after appending one task: expected [\"Fix the tap\"], found \(describe(home.tasks.map(\.title)))."
        )
    }

    @Test("setting a task's category adds the task to the category's tasks")
    func toOneSetsInverse() throws {
        let context = try TaskBench.inMemoryContext()
        let work = Category(name: "Work")
        let task = TaskItem(title: "Send the report")
        context.insert(work)
        context.insert(task)
        task.category = work

        #expect(
            work.tasks.map(\.title) == ["Send the report"],
            "After `task.category = work`, work.tasks: expected [\"Send the report\"], found \(describe(work.tasks.map(\.title)))."
        )
        #expect(
            task.category === work,
            "task.category after setting it: expected the category \"Work\", found \(describe(task.category)).")
    }

    @Test("a category's tasks are read back after reopening the store")
    func relationshipPersists() throws {
        try TaskBench.run { bench in
            let context = try bench.openContext()
            let garden = Category(name: "Garden")
            context.insert(garden)
            garden.tasks.append(TaskItem(title: "Mow the lawn"))
            garden.tasks.append(TaskItem(title: "Cut the hedge"))
            try context.save()

            let categories = try storedCategories(in: bench.openContext())
            #expect(
                categories.map(\.name) == ["Garden"],
                "Categories after reopening the store: expected [\"Garden\"], found \(describe(categories.map(\.name)))."
            )
            guard let loaded = categories.first else { return }
            let titles = loaded.tasks.map(\.title).sorted()
            #expect(
                titles == ["Cut the hedge", "Mow the lawn"],
                "The reopened category's tasks: expected [\"Cut the hedge\", \"Mow the lawn\"], found \(describe(titles))."
            )
            for task in loaded.tasks {
                #expect(
                    task.category === loaded,
                    "The category of \"\(task.title)\" after reopening: expected the category \"Garden\", found \(describe(task.category))."
                )
            }
        }
    }
}
