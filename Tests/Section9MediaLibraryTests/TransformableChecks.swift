import Foundation
import PersistenceCore
import Section9MediaLibrary
import Testing

@Suite("Section 9: a value kept through a transformer")
struct TransformableChecks {
    /// The dominant colour of each photo a new context reads from the bench's store, by title, A to Z.
    static func storedColors(in bench: LibraryBench) throws -> [String] {
        let photos = try bench.openContext().fetch(FetchDescriptor<Photo>(sortBy: [SortDescriptor(\.title)]))
        return photos.map { "\($0.title) \($0.dominantColor.map(\.description) ?? "nil")" }
    }

    @Test("a photo's dominant colour is kept through its transformer and read back after a relaunch, changes included")
    func colorSurvivesRelaunch() throws {
        try LibraryBench.run { bench in
            let context = try bench.openContext()
            let sky = Photo(
                title: "Sky", source: "Pixel 8", fileName: "sky.jpg", imageData: imageBytes(1),
                size: PixelSize(width: 4, height: 3))
            sky.dominantColor = Swatch(red: 70, green: 130, blue: 180)
            let night = Photo(
                title: "Night", source: "Pixel 8", fileName: "night.jpg", imageData: imageBytes(2),
                size: PixelSize(width: 4, height: 3))
            context.insert(sky)
            context.insert(night)
            try context.save()
            var found = try Self.storedColors(in: bench)
            var expected = ["Night nil", "Sky #4682B4"]
            #expect(
                found == expected,
                "The dominant colours a relaunched app reads after saving Sky with #4682B4 and Night with none: expected \(describe(expected)), found \(describe(found))."
            )

            sky.dominantColor = Swatch(red: 255, green: 0, blue: 7)
            night.dominantColor = Swatch(red: 1, green: 2, blue: 3)
            try context.save()
            found = try Self.storedColors(in: bench)
            expected = ["Night #010203", "Sky #FF0007"]
            #expect(
                found == expected,
                "The dominant colours a relaunched app reads after both were changed and saved again: expected \(describe(expected)), found \(describe(found))."
            )
        }
    }

    @Test("the transformer turns a swatch into data and back, and anything else into nil")
    func transformerRoundTrip() {
        #expect(
            SwatchTransformer.allowsReverseTransformation(),
            "SwatchTransformer.allowsReverseTransformation(): expected true, since the photos' colours are read back through it; found false."
        )
        let transformer = SwatchTransformer()
        let colors = [Swatch(red: 0, green: 0, blue: 0), Swatch(red: 255, green: 128, blue: 9)]
        let roundTrips = colors.map { color -> String in
            guard let data = transformer.transformedValue(color) as? Data else { return "no Data" }
            return (transformer.reverseTransformedValue(data) as? Swatch)?.description ?? "nil"
        }
        let others = [
            transformer.transformedValue("#FF8009"), transformer.transformedValue(nil),
            transformer.reverseTransformedValue("#FF8009"),
        ].map { $0.map { "\($0)" } ?? "nil" }
        #expect(
            roundTrips == ["#000000", "#FF8009"],
            "reverseTransformedValue(transformedValue(swatch)) for #000000 and #FF8009: expected [\"#000000\", \"#FF8009\"], found \(describe(roundTrips))."
        )
        #expect(
            others == ["nil", "nil", "nil"],
            "transformedValue of a String and of nil, and reverseTransformedValue of a String: expected nil each time, found \(describe(others))."
        )
    }

    @Test("a video's playback position is tracked by its context but never stored: a relaunch starts again at 0")
    func playbackPositionIsEphemeral() throws {
        try LibraryBench.run { bench in
            let context = try bench.openContext()
            let video = Video(title: "Clip", source: "Pixel 8", fileName: "clip.mp4", duration: 90, quality: .high)
            context.insert(video)
            try context.save()

            video.playbackPosition = 42
            let tracked = context.hasChanges
            let live = video.playbackPosition
            try context.save()
            let kept = video.playbackPosition
            let relaunched = try bench.openContext().fetch(FetchDescriptor<Video>()).first?.playbackPosition
            let found =
                "tracked \(tracked), reads \(live), after the save \(kept), after a relaunch \(relaunched.map { "\($0)" } ?? "no video")"
            let expected = "tracked true, reads 42.0, after the save 42.0, after a relaunch 0.0"
            #expect(
                found == expected,
                "A saved video whose playbackPosition was then set to 42 and saved again: expected \"\(expected)\" (the context notices the change, the store never keeps it), found \"\(found)\"."
            )
        }
    }
}
