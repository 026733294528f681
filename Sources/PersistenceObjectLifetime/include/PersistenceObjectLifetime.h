#ifndef PERSISTENCE_OBJECT_LIFETIME_H
#define PERSISTENCE_OBJECT_LIFETIME_H

#include <stdbool.h>

/// Takes a strong reference to a Swift object unless its deinitialization has begun, and says whether it did.
///
/// The object's memory must stay allocated during the call: the caller holds an unowned reference to it.
bool persistence_retainUnlessDeinitializing(void *_Nonnull object);

/// Takes an unowned reference to a live Swift object: its memory stays allocated, though it may be
/// deinitialized, until the reference is given back with `persistence_releaseUnowned`.
void persistence_retainUnowned(void *_Nonnull object);

/// Gives back an unowned reference taken with `persistence_retainUnowned`; the last one frees the memory
/// of an object already deinitialized.
void persistence_releaseUnowned(void *_Nonnull object);

#endif
