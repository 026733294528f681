#ifndef PERSISTENCE_OBJECT_LIFETIME_H
#define PERSISTENCE_OBJECT_LIFETIME_H

#include <stdbool.h>

/// Takes a strong reference to a Swift object unless its deinitialization has begun, and says whether it did.
///
/// The object's memory must stay allocated during the call: the caller holds an unowned reference to it.
bool persistence_retainUnlessDeinitializing(void *_Nonnull object);

#endif
