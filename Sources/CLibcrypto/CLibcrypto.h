// The parts of OpenSSL's libcrypto that PersistenceCrypto calls: AES-GCM through the EVP cipher interface,
// message digests, and HMAC. Debian's libssl-dev provides them (`bash .ci/setup` installs it).
#include <openssl/evp.h>
#include <openssl/hmac.h>
