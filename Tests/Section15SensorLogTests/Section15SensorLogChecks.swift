import Section15SensorLog
import Testing

// The hidden suite of Section 15. Each `@Test`'s name is a check of course.json's checkpoint,
// written as what the learner's code does, and each failure says what was expected and found.

@Suite("Section 15: Sensor Log")
struct Section15SensorLogChecks {
    @Test("the placeholder answer is 42")
    func answer() {
        let found = section15Answer()

        #expect(found == 42, "section15Answer() should return 42, the reference's answer; found \(found).")
    }
}
