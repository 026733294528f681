#include "PersistenceObjectLifetime.h"

#include <stddef.h>

// The Swift runtime's own check, the one a weak reference makes when it is read: it returns the object
// with one more strong reference, or null once the object's deinitialization has begun.
extern void *swift_tryRetain(void *object);

bool persistence_retainUnlessDeinitializing(void *object) {
    return swift_tryRetain(object) != NULL;
}
