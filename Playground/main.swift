// The playground: a program of your own for trying the lessons' examples.
//
// Paste an example from a lesson below the marked line and run it from the workbench's folder:
//
//     swift run playground
//
// Each run starts on a throwaway device of its own (the first lines below), so the preferences, vault
// items and stores your code makes never reach real data; the program prints where that device is, so
// you can look at the files afterwards. The examples of one lesson can be pasted one after the other:
// each builds on the ones before it, as in the lesson.
//
// The section libraries are at hand too: add `import Section5Queries` (or another section) at the top
// to use that section's models and your own exercise code. Import one section at a time: several
// declare a `Note` of their own. `import LegacyFetching` gives Section 7's old-style fetch requests.

import PersistenceCore
import PersistenceWorkbench

AppSandbox.current = .temporary(appIdentifier: "com.example.Playground")
print("Playground device: \(AppSandbox.current.deviceRoot.path)")

// ---- Paste a lesson's example below this line. ----

UserDefaults.standard.set("dark", forKey: "theme")
print(UserDefaults.standard.string(forKey: "theme") ?? "nothing saved")
