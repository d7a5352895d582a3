/* A stand-in for Windows' bcryptprimitives.dll, for running the Windows program under Wine 8
 * in the tests only (Wine 8 has no such DLL, and Rust's standard library asks it for random
 * bytes through ProcessPrng). It answers with RtlGenRandom, which Wine has. Never shipped. */
#include <windows.h>

BOOLEAN WINAPI SystemFunction036(PVOID buffer, ULONG length);

BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T length) {
    while (length > 0) {
        ULONG chunk = length > 0x10000000 ? 0x10000000 : (ULONG)length;
        if (!SystemFunction036(data, chunk)) {
            return FALSE;
        }
        data += chunk;
        length -= chunk;
    }
    return TRUE;
}
