#include "PersistenceObjectLifetime.h"

#include <stddef.h>

// The Swift runtime's own entry points, the ones weak and unowned references use.
// swift_tryRetain returns the object with one more strong reference, or null once its
// deinitialization has begun.
extern void *swift_tryRetain(void *object);
extern void *swift_unownedRetain(void *object);
extern void swift_unownedRelease(void *object);

bool persistence_retainUnlessDeinitializing(void *object) {
    return swift_tryRetain(object) != NULL;
}

void persistence_retainUnowned(void *object) {
    swift_unownedRetain(object);
}

void persistence_releaseUnowned(void *object) {
    swift_unownedRelease(object);
}
