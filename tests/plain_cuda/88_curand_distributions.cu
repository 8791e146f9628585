// cuRAND's normal, log-normal and Poisson distributions (issue F2c): the first 10,000 values of
// each for three generators and three (seed, subsequence, offset) set-ups, as a 64-bit FNV-1a
// hash of their bits and the first value. The double and float normals and log-normals and
// Poisson by each of cuRAND's three methods (Knuth's below lambda 64, a rejection method to 4000,
// a rounded normal above) are bit for bit the GPU's; the float ones and the rejection method go
// through the special-function unit's sine, cosine, 2^x, log2, reciprocal square root and
// reciprocal, which cusim models (runtime/cusim/detail/sfu.hpp), and Poisson's literal lambdas
// through the compiler's evaluation of those on constants. Besides, every float normal and
// log-normal is checked against Box-Muller computed in double from the same draws (a copy of the
// state), within the unit's documented error, and Poisson(1000) by the mean and variance of
// 10,000 values.
// The EXPECT lines are this program's output built with nvcc 13.0 (cuRAND's own header) and run
// on an H200, 2026-11-28:
//   nvcc -std=c++17 -arch=sm_90 -I tests/plain_cuda tests/plain_cuda/88_curand_distributions.cu && ./a.out
// EXPECT: host: xorwow 1234/0/0 curand_normal_double 0x3fd6f597c59bea14 fnv 0x1da76d07d8ef80c7
// EXPECT: host: xorwow 0/7/3 curand_normal_double 0xbfe97e2e9e238df1 fnv 0x4ced09bb614348f6
// EXPECT: host: xorwow 1311768467463790320/1099511627783/12345 curand_normal_double 0x3fddd421b2447ed6 fnv 0x92602238bf78de3d
// EXPECT: host: xorwow 1234/0/0 curand_normal2_double 0x3fd6f597c59bea14 fnv 0x1da76d07d8ef80c7
// EXPECT: host: xorwow 0/7/3 curand_normal2_double 0xbfe97e2e9e238df1 fnv 0x4ced09bb614348f6
// EXPECT: host: xorwow 1311768467463790320/1099511627783/12345 curand_normal2_double 0x3fddd421b2447ed6 fnv 0x92602238bf78de3d
// EXPECT: host: xorwow 1234/0/0 curand_log_normal_double(0.5, 1.5) 0x4006974b3f3171cb fnv 0xda7e1fbe01b03390
// EXPECT: host: xorwow 0/7/3 curand_log_normal_double(0.5, 1.5) 0x3fdff1009697d11e fnv 0xe5eac304540e8262
// EXPECT: host: xorwow 1311768467463790320/1099511627783/12345 curand_log_normal_double(0.5, 1.5) 0x400a898ab8c15e2c fnv 0x1570911bd834c5b1
// EXPECT: host: xorwow 1234/0/0 curand_log_normal2_double(-1, 0.25) 0x3fd9c0e124f602a4 fnv 0x61c84f142759ce15
// EXPECT: host: xorwow 0/7/3 curand_log_normal2_double(-1, 0.25) 0x3fd34ae5918d9a67 fnv 0x94ce52c3c51c690e
// EXPECT: host: xorwow 1311768467463790320/1099511627783/12345 curand_log_normal2_double(-1, 0.25) 0x3fda742ea573b588 fnv 0x5de51326000f7b9d
// EXPECT: host: xorwow 1234/0/0 curand_normal_double and curand_log_normal_double(0, 1) in turn 0x3fd6f597c59bea14 fnv 0xeb0fc5003ab6319d
// EXPECT: host: xorwow 0/7/3 curand_normal_double and curand_log_normal_double(0, 1) in turn 0xbfe97e2e9e238df1 fnv 0xc0e0c966883fc66e
// EXPECT: host: xorwow 1311768467463790320/1099511627783/12345 curand_normal_double and curand_log_normal_double(0, 1) in turn 0x3fddd421b2447ed6 fnv 0xcee16f772b15362a
// EXPECT: host: xorwow 1234/0/0 curand_poisson(3.5) 0x3 fnv 0xc5a7426e189eb5c5
// EXPECT: host: xorwow 0/7/3 curand_poisson(3.5) 0x4 fnv 0xdf7b82f1496dd3cb
// EXPECT: host: xorwow 1311768467463790320/1099511627783/12345 curand_poisson(3.5) 0x2 fnv 0x33371fb028d24f02
// EXPECT: host: xorwow 1234/0/0 curand_poisson(20) 0x18 fnv 0x95decb9014179516
// EXPECT: host: xorwow 0/7/3 curand_poisson(20) 0xf fnv 0x1c087786753fcfd7
// EXPECT: host: xorwow 1311768467463790320/1099511627783/12345 curand_poisson(20) 0x12 fnv 0xc240868f79b78cd0
// EXPECT: host: xorwow 1234/0/0 curand_poisson(5000) 0x13a1 fnv 0x0338b7eb10df2c6b
// EXPECT: host: xorwow 0/7/3 curand_poisson(5000) 0x1350 fnv 0x2ab1f65f08159ff8
// EXPECT: host: xorwow 1311768467463790320/1099511627783/12345 curand_poisson(5000) 0x13a9 fnv 0xcbed77028a0ab519
// EXPECT: host: xorwow 1234/0/0 curand_poisson(100) 0x59 fnv 0x10ea5019e8c87ced
// EXPECT: host: xorwow 0/7/3 curand_poisson(100) 0x79 fnv 0xb7bae97c77a308d8
// EXPECT: host: xorwow 1311768467463790320/1099511627783/12345 curand_poisson(100) 0x5b fnv 0xe22ac9bbd3d4e833
// EXPECT: host: xorwow 1234/0/0 curand_poisson(1000) 0x3c8 fnv 0x278149f582aaf52e
// EXPECT: host: xorwow 0/7/3 curand_poisson(1000) 0x42c fnv 0x2bb782612e7b5f61
// EXPECT: host: xorwow 1311768467463790320/1099511627783/12345 curand_poisson(1000) 0x3ce fnv 0x2a2c8f2130eafef9
// EXPECT: host: xorwow 1234/0/0 curand_poisson(3000) 0xb81 fnv 0xe5832aced96ef2df
// EXPECT: host: xorwow 0/7/3 curand_poisson(3000) 0xc2e fnv 0xc3faba995ffd0eac
// EXPECT: host: xorwow 1311768467463790320/1099511627783/12345 curand_poisson(3000) 0xb8c fnv 0xd7bd1ebc80ea7450
// EXPECT: host: xorwow 1234/0/0 curand_normal 0x3f47ede3 fnv 0xdcc43b7ae798835a
// EXPECT: host: xorwow 0/7/3 curand_normal 0x3e6244fc fnv 0xdabb6cf97283ad62
// EXPECT: host: xorwow 1311768467463790320/1099511627783/12345 curand_normal 0xbf905e90 fnv 0x4e4f4c1992728cff
// EXPECT: host: xorwow 1234/0/0 curand_normal2 0x3f47ede3 fnv 0xdcc43b7ae798835a
// EXPECT: host: xorwow 0/7/3 curand_normal2 0x3e6244fc fnv 0xdabb6cf97283ad62
// EXPECT: host: xorwow 1311768467463790320/1099511627783/12345 curand_normal2 0xbf905e90 fnv 0x4e4f4c1992728cff
// EXPECT: host: xorwow 1234/0/0 curand_log_normal(0.5, 1.5) 0x40aa3ce1 fnv 0xf29887f2c8616082
// EXPECT: host: xorwow 0/7/3 curand_log_normal(0.5, 1.5) 0x4012fc3c fnv 0x976fb1237914d1e5
// EXPECT: host: xorwow 1311768467463790320/1099511627783/12345 curand_log_normal(0.5, 1.5) 0x3e9b7a09 fnv 0xaefc154c4e5726a9
// EXPECT: host: xorwow 1234/0/0 curand_log_normal2(-1, 0.25) 0x3ee4f6fa fnv 0xe59a4810964d496f
// EXPECT: host: xorwow 0/7/3 curand_log_normal2(-1, 0.25) 0x3ec70d52 fnv 0x280ec47d4169e010
// EXPECT: host: xorwow 1311768467463790320/1099511627783/12345 curand_log_normal2(-1, 0.25) 0x3e8e1322 fnv 0x52b3ec8ebe837e3d
// EXPECT: host: xorwow 1234/0/0 curand_normal and curand_log_normal(0, 1) in turn 0x3f47ede3 fnv 0x47dd3a993398cc69
// EXPECT: host: xorwow 0/7/3 curand_normal and curand_log_normal(0, 1) in turn 0x3e6244fc fnv 0x38ae0b26b0b7d38f
// EXPECT: host: xorwow 1311768467463790320/1099511627783/12345 curand_normal and curand_log_normal(0, 1) in turn 0xbf905e90 fnv 0x67da41654f9adfc2
// EXPECT: host: xorwow float normals and log-normals within the SFU's error of Box-Muller, Poisson(1000)'s moments: ok
// EXPECT: host: philox 1234/0/0 curand_normal_double 0xbfe143cd7d47b538 fnv 0x931c2c2b8e079777
// EXPECT: host: philox 0/7/3 curand_normal_double 0xbfedb914efb7402f fnv 0xe73f5b487a6bb45c
// EXPECT: host: philox 1311768467463790320/1099511627783/12345 curand_normal_double 0x3fcf0721f90824d7 fnv 0x7acfbb5a95a7c4f0
// EXPECT: host: philox 1234/0/0 curand_normal2_double 0xbfe143cd7d47b538 fnv 0x931c2c2b8e079777
// EXPECT: host: philox 0/7/3 curand_normal2_double 0xbfedb914efb7402f fnv 0xe73f5b487a6bb45c
// EXPECT: host: philox 1311768467463790320/1099511627783/12345 curand_normal2_double 0x3fcf0721f90824d7 fnv 0x7acfbb5a95a7c4f0
// EXPECT: host: philox 1234/0/0 curand_log_normal_double(0.5, 1.5) 0x3fe77caa28612c2f fnv 0x568ec4ffa5cf36f4
// EXPECT: host: philox 0/7/3 curand_log_normal_double(0.5, 1.5) 0x3fda32416eecee16 fnv 0xa5f97fb7dff9bfee
// EXPECT: host: philox 1311768467463790320/1099511627783/12345 curand_log_normal_double(0.5, 1.5) 0x4002f93ecbfe47cd fnv 0x89707d884902101e
// EXPECT: host: philox 1234/0/0 curand_log_normal2_double(-1, 0.25) 0x3fd492cd9e724b20 fnv 0x09026e1eccd29a00
// EXPECT: host: philox 0/7/3 curand_log_normal2_double(-1, 0.25) 0x3fd2aa589fd93dde fnv 0xd33e31012fc673b3
// EXPECT: host: philox 1311768467463790320/1099511627783/12345 curand_log_normal2_double(-1, 0.25) 0x3fd903e55ac5bcf1 fnv 0xa425ef8e0a091fb1
// EXPECT: host: philox 1234/0/0 curand_normal_double and curand_log_normal_double(0, 1) in turn 0xbfe143cd7d47b538 fnv 0xe66989e1c8c09563
// EXPECT: host: philox 0/7/3 curand_normal_double and curand_log_normal_double(0, 1) in turn 0xbfedb914efb7402f fnv 0x8f210ce1d6c09f37
// EXPECT: host: philox 1311768467463790320/1099511627783/12345 curand_normal_double and curand_log_normal_double(0, 1) in turn 0x3fcf0721f90824d7 fnv 0x3a724b6473b3f50e
// EXPECT: host: philox 1234/0/0 curand_poisson(3.5) 0x2 fnv 0xdd1aba3db4ce2c2f
// EXPECT: host: philox 0/7/3 curand_poisson(3.5) 0x5 fnv 0xef0fb3719676694a
// EXPECT: host: philox 1311768467463790320/1099511627783/12345 curand_poisson(3.5) 0x3 fnv 0x7066227a564fcbce
// EXPECT: host: philox 1234/0/0 curand_poisson(20) 0x12 fnv 0x0a0f1efab90149be
// EXPECT: host: philox 0/7/3 curand_poisson(20) 0x14 fnv 0xe085a694f09bd393
// EXPECT: host: philox 1311768467463790320/1099511627783/12345 curand_poisson(20) 0x15 fnv 0x2b8cc695cc871a0b
// EXPECT: host: philox 1234/0/0 curand_poisson(5000) 0x1362 fnv 0xc73381e7ac255277
// EXPECT: host: philox 0/7/3 curand_poisson(5000) 0x1346 fnv 0x64baa621c9fb0991
// EXPECT: host: philox 1311768467463790320/1099511627783/12345 curand_poisson(5000) 0x1399 fnv 0x288ead25b9e2b3b0
// EXPECT: host: philox 1234/0/0 curand_poisson(100) 0x66 fnv 0x63d274b69cc8c342
// EXPECT: host: philox 0/7/3 curand_poisson(100) 0x5b fnv 0x0e22c209f5bb5dbd
// EXPECT: host: philox 1311768467463790320/1099511627783/12345 curand_poisson(100) 0x60 fnv 0x91dfe3ecf1a91483
// EXPECT: host: philox 1234/0/0 curand_poisson(1000) 0x3ef fnv 0x35e5cadf690e7cb9
// EXPECT: host: philox 0/7/3 curand_poisson(1000) 0x3cd fnv 0xb71e8a751d2e74f0
// EXPECT: host: philox 1311768467463790320/1099511627783/12345 curand_poisson(1000) 0x3dc fnv 0x316313a977849768
// EXPECT: host: philox 1234/0/0 curand_poisson(3000) 0xbc5 fnv 0xdf5a73a4792e3c93
// EXPECT: host: philox 0/7/3 curand_poisson(3000) 0xb8b fnv 0xac7bebd153d935f6
// EXPECT: host: philox 1311768467463790320/1099511627783/12345 curand_poisson(3000) 0xba4 fnv 0x9528ee25fe4c68be
// EXPECT: host: philox 1234/0/0 curand_poisson4(20) 0x12 fnv 0x0a0f1efab90149be
// EXPECT: host: philox 0/7/3 curand_poisson4(20) 0x14 fnv 0xe085a694f09bd393
// EXPECT: host: philox 1311768467463790320/1099511627783/12345 curand_poisson4(20) 0x15 fnv 0x2b8cc695cc871a0b
// EXPECT: host: philox 1234/0/0 curand_poisson4(5000) 0x1362 fnv 0xc73381e7ac255277
// EXPECT: host: philox 0/7/3 curand_poisson4(5000) 0x1346 fnv 0x64baa621c9fb0991
// EXPECT: host: philox 1311768467463790320/1099511627783/12345 curand_poisson4(5000) 0x1399 fnv 0x288ead25b9e2b3b0
// EXPECT: host: philox 1234/0/0 curand_poisson4(1000) 0x3ef fnv 0x35e5cadf690e7cb9
// EXPECT: host: philox 0/7/3 curand_poisson4(1000) 0x3cd fnv 0xb71e8a751d2e74f0
// EXPECT: host: philox 1311768467463790320/1099511627783/12345 curand_poisson4(1000) 0x3dc fnv 0x316313a977849768
// EXPECT: host: philox 1234/0/0 curand_normal 0xbfcee929 fnv 0x17690ece108ce91a
// EXPECT: host: philox 0/7/3 curand_normal 0xbfb2fbf4 fnv 0x47290a3c60b7b20a
// EXPECT: host: philox 1311768467463790320/1099511627783/12345 curand_normal 0xbec181c6 fnv 0xb04b9c5bc265c6eb
// EXPECT: host: philox 1234/0/0 curand_normal2 0xbfcee929 fnv 0x17690ece108ce91a
// EXPECT: host: philox 0/7/3 curand_normal2 0xbfb2fbf4 fnv 0x47290a3c60b7b20a
// EXPECT: host: philox 1311768467463790320/1099511627783/12345 curand_normal2 0xbec181c6 fnv 0xb04b9c5bc265c6eb
// EXPECT: host: philox 1234/0/0 curand_log_normal(0.5, 1.5) 0x3e156a8f fnv 0xc6828b8200c26250
// EXPECT: host: philox 0/7/3 curand_log_normal(0.5, 1.5) 0x3e4f43fb fnv 0x8b3e161d16f6d985
// EXPECT: host: philox 1311768467463790320/1099511627783/12345 curand_log_normal(0.5, 1.5) 0x3f6f6e2c fnv 0xc5a9ec8af97800c4
// EXPECT: host: philox 1234/0/0 curand_log_normal2(-1, 0.25) 0x3e7b79f6 fnv 0xcf2abcb2ee6547a6
// EXPECT: host: philox 0/7/3 curand_log_normal2(-1, 0.25) 0x3e84c977 fnv 0x72ddb645516511be
// EXPECT: host: philox 1311768467463790320/1099511627783/12345 curand_log_normal2(-1, 0.25) 0x3eab5f55 fnv 0x5577a8a28d1c7b70
// EXPECT: host: philox 1234/0/0 curand_normal and curand_log_normal(0, 1) in turn 0xbfcee929 fnv 0xbab51df86b0262f7
// EXPECT: host: philox 0/7/3 curand_normal and curand_log_normal(0, 1) in turn 0xbfb2fbf4 fnv 0x5a49cb5cf3a8b1fd
// EXPECT: host: philox 1311768467463790320/1099511627783/12345 curand_normal and curand_log_normal(0, 1) in turn 0xbec181c6 fnv 0x7822185f27d80e57
// EXPECT: host: philox 1234/0/0 curand_normal4 0xbfcee929 fnv 0x17690ece108ce91a
// EXPECT: host: philox 0/7/3 curand_normal4 0xbfb2fbf4 fnv 0x47290a3c60b7b20a
// EXPECT: host: philox 1311768467463790320/1099511627783/12345 curand_normal4 0xbec181c6 fnv 0xb04b9c5bc265c6eb
// EXPECT: host: philox 1234/0/0 curand_log_normal4(0.25, 0.5) 0x3f127c81 fnv 0x7f2840cbf9b01c2c
// EXPECT: host: philox 0/7/3 curand_log_normal4(0.25, 0.5) 0x3f235ed7 fnv 0xf54f3c23e36728d6
// EXPECT: host: philox 1311768467463790320/1099511627783/12345 curand_log_normal4(0.25, 0.5) 0x3f880e10 fnv 0x1f38b0692c4b4f8d
// EXPECT: host: philox float normals and log-normals within the SFU's error of Box-Muller, Poisson(1000)'s moments: ok
// EXPECT: host: mrg32k3a 1234/0/0 curand_normal_double 0xbfd714f307ceeb23 fnv 0x67cf22c73267a8d8
// EXPECT: host: mrg32k3a 0/7/3 curand_normal_double 0xbff248957deb8604 fnv 0xfafbb6b7eb5a3cb8
// EXPECT: host: mrg32k3a 1311768467463790320/1099511627783/12345 curand_normal_double 0x3feb032160e1e766 fnv 0x2c5ae56d5aec825a
// EXPECT: host: mrg32k3a 1234/0/0 curand_normal2_double 0xbfd714f307ceeb23 fnv 0x67cf22c73267a8d8
// EXPECT: host: mrg32k3a 0/7/3 curand_normal2_double 0xbff248957deb8604 fnv 0xfafbb6b7eb5a3cb8
// EXPECT: host: mrg32k3a 1311768467463790320/1099511627783/12345 curand_normal2_double 0x3feb032160e1e766 fnv 0x2c5ae56d5aec825a
// EXPECT: host: mrg32k3a 1234/0/0 curand_log_normal_double(0.5, 1.5) 0x3feeb712e4c7bca0 fnv 0xa5440d3d36d553ed
// EXPECT: host: mrg32k3a 0/7/3 curand_log_normal_double(0.5, 1.5) 0x3fd301c42ac7d67d fnv 0x892a1537ec1f9d6f
// EXPECT: host: mrg32k3a 1311768467463790320/1099511627783/12345 curand_log_normal_double(0.5, 1.5) 0x401764f112a251a1 fnv 0x1c2a925962970331
// EXPECT: host: mrg32k3a 1234/0/0 curand_log_normal2_double(-1, 0.25) 0x3fd583abc2e20332 fnv 0x53d9e43c0358182a
// EXPECT: host: mrg32k3a 0/7/3 curand_log_normal2_double(-1, 0.25) 0x3fd1b18facbc011f fnv 0x5948bbac419cfd58
// EXPECT: host: mrg32k3a 1311768467463790320/1099511627783/12345 curand_log_normal2_double(-1, 0.25) 0x3fdd137a7f523e21 fnv 0xf74d94e368c0cfd5
// EXPECT: host: mrg32k3a 1234/0/0 curand_normal_double and curand_log_normal_double(0, 1) in turn 0xbfd714f307ceeb23 fnv 0xe00e6fa0ffeca094
// EXPECT: host: mrg32k3a 0/7/3 curand_normal_double and curand_log_normal_double(0, 1) in turn 0xbff248957deb8604 fnv 0x70c73ddf2f60c7ed
// EXPECT: host: mrg32k3a 1311768467463790320/1099511627783/12345 curand_normal_double and curand_log_normal_double(0, 1) in turn 0x3feb032160e1e766 fnv 0x70bf94cdf8926dcc
// EXPECT: host: mrg32k3a 1234/0/0 curand_poisson(3.5) 0x2 fnv 0xb6928085216edb6d
// EXPECT: host: mrg32k3a 0/7/3 curand_poisson(3.5) 0x7 fnv 0xab4fd9d04a6ee42f
// EXPECT: host: mrg32k3a 1311768467463790320/1099511627783/12345 curand_poisson(3.5) 0x3 fnv 0xa9861c53ccfeb4cc
// EXPECT: host: mrg32k3a 1234/0/0 curand_poisson(20) 0x19 fnv 0x794c8ebf180b2734
// EXPECT: host: mrg32k3a 0/7/3 curand_poisson(20) 0x17 fnv 0x77becb509e49a951
// EXPECT: host: mrg32k3a 1311768467463790320/1099511627783/12345 curand_poisson(20) 0x14 fnv 0xb1f89147ea9758ab
// EXPECT: host: mrg32k3a 1234/0/0 curand_poisson(5000) 0x136e fnv 0x09613da4c3dd6698
// EXPECT: host: mrg32k3a 0/7/3 curand_poisson(5000) 0x1337 fnv 0x11a9b79b7e857775
// EXPECT: host: mrg32k3a 1311768467463790320/1099511627783/12345 curand_poisson(5000) 0x13c4 fnv 0xeecc161a4b9f1d4b
// EXPECT: host: mrg32k3a 1234/0/0 curand_poisson(100) 0x6b fnv 0x3acb9ba28366ec91
// EXPECT: host: mrg32k3a 0/7/3 curand_poisson(100) 0x5f fnv 0x70a6ebb51e9e3a7d
// EXPECT: host: mrg32k3a 1311768467463790320/1099511627783/12345 curand_poisson(100) 0x60 fnv 0xeef13aab0358e99c
// EXPECT: host: mrg32k3a 1234/0/0 curand_poisson(1000) 0x400 fnv 0xf82456491b3f5a9b
// EXPECT: host: mrg32k3a 0/7/3 curand_poisson(1000) 0x3d9 fnv 0x821bb3206e6790fd
// EXPECT: host: mrg32k3a 1311768467463790320/1099511627783/12345 curand_poisson(1000) 0x3de fnv 0x6aa119643035da15
// EXPECT: host: mrg32k3a 1234/0/0 curand_poisson(3000) 0xbe2 fnv 0xaa68885235ad7d1c
// EXPECT: host: mrg32k3a 0/7/3 curand_poisson(3000) 0xb9f fnv 0xb97d4c02776607f0
// EXPECT: host: mrg32k3a 1311768467463790320/1099511627783/12345 curand_poisson(3000) 0xba7 fnv 0x884ca90fbd122ccc
// EXPECT: host: mrg32k3a 1234/0/0 curand_normal 0xbeb8a795 fnv 0xf14c85a83fe8b807
// EXPECT: host: mrg32k3a 0/7/3 curand_normal 0xbf9244a9 fnv 0x87d89d40aa1b2ba9
// EXPECT: host: mrg32k3a 1311768467463790320/1099511627783/12345 curand_normal 0x3f58190d fnv 0xad9152ff6c7d84a0
// EXPECT: host: mrg32k3a 1234/0/0 curand_normal2 0xbeb8a795 fnv 0xf14c85a83fe8b807
// EXPECT: host: mrg32k3a 0/7/3 curand_normal2 0xbf9244a9 fnv 0x87d89d40aa1b2ba9
// EXPECT: host: mrg32k3a 1311768467463790320/1099511627783/12345 curand_normal2 0x3f58190d fnv 0xad9152ff6c7d84a0
// EXPECT: host: mrg32k3a 1234/0/0 curand_log_normal(0.5, 1.5) 0x3f75b89a fnv 0x7e7addab65e15446
// EXPECT: host: mrg32k3a 0/7/3 curand_log_normal(0.5, 1.5) 0x3e980e26 fnv 0x1936d413ce1140f0
// EXPECT: host: mrg32k3a 1311768467463790320/1099511627783/12345 curand_log_normal(0.5, 1.5) 0x40bb278c fnv 0xe18213786303d8f6
// EXPECT: host: mrg32k3a 1234/0/0 curand_log_normal2(-1, 0.25) 0x3eac1d5f fnv 0x8652ce617a5b9c36
// EXPECT: host: mrg32k3a 0/7/3 curand_log_normal2(-1, 0.25) 0x3e8d8c7e fnv 0x95abf89b194dc3f0
// EXPECT: host: mrg32k3a 1311768467463790320/1099511627783/12345 curand_log_normal2(-1, 0.25) 0x3ee89bd5 fnv 0xb308218992e70f20
// EXPECT: host: mrg32k3a 1234/0/0 curand_normal and curand_log_normal(0, 1) in turn 0xbeb8a795 fnv 0x9f1ba208ad3df82a
// EXPECT: host: mrg32k3a 0/7/3 curand_normal and curand_log_normal(0, 1) in turn 0xbf9244a9 fnv 0xf27c60fd04ad5834
// EXPECT: host: mrg32k3a 1311768467463790320/1099511627783/12345 curand_normal and curand_log_normal(0, 1) in turn 0x3f58190d fnv 0xf95e553cbaebbfdb
// EXPECT: host: mrg32k3a float normals and log-normals within the SFU's error of Box-Muller, Poisson(1000)'s moments: ok
#include <curand_kernel.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <type_traits>

#include "check.cuh"

constexpr int kValues = 10000;

struct Config {
  unsigned long long seed, subsequence, offset;
};
constexpr Config kConfigs[] = {{1234, 0, 0}, {0, 7, 3}, {0x123456789abcdef0ull, (1ull << 40) + 7, 12345}};
constexpr int kCount = sizeof kConfigs / sizeof kConfigs[0];

enum Series {
  normal_double,
  normal2_double,
  log_normal_double,
  log_normal2_double,
  normal_then_log_normal_double,
  poisson_3_5,
  poisson_20,
  poisson_5000,
  poisson_100,
  poisson_1000,
  poisson_3000,
  poisson4_20,
  poisson4_5000,
  poisson4_1000,
  normal_float,
  normal2_float,
  log_normal_float,
  log_normal2_float,
  normal_then_log_normal_float,
  normal4_float,
  log_normal4_float,
  series_count,
};
const char* const kSeriesNames[] = {"curand_normal_double",
                                    "curand_normal2_double",
                                    "curand_log_normal_double(0.5, 1.5)",
                                    "curand_log_normal2_double(-1, 0.25)",
                                    "curand_normal_double and curand_log_normal_double(0, 1) in turn",
                                    "curand_poisson(3.5)",
                                    "curand_poisson(20)",
                                    "curand_poisson(5000)",
                                    "curand_poisson(100)",
                                    "curand_poisson(1000)",
                                    "curand_poisson(3000)",
                                    "curand_poisson4(20)",
                                    "curand_poisson4(5000)",
                                    "curand_poisson4(1000)",
                                    "curand_normal",
                                    "curand_normal2",
                                    "curand_log_normal(0.5, 1.5)",
                                    "curand_log_normal2(-1, 0.25)",
                                    "curand_normal and curand_log_normal(0, 1) in turn",
                                    "curand_normal4",
                                    "curand_log_normal4(0.25, 0.5)"};
// The series only Philox4_32_10 has.
bool philox_only(int what) {
  return what == poisson4_20 || what == poisson4_5000 || what == poisson4_1000 || what == normal4_float ||
         what == log_normal4_float;
}

__device__ unsigned long long bits_of(double d) {
  unsigned long long u;
  memcpy(&u, &d, sizeof u);
  return u;
}
__device__ unsigned long long bits_of(float f) {
  unsigned u;
  memcpy(&u, &f, sizeof u);
  return u;
}

template <class State>
__global__ void draw(const Config* configs, Series what, unsigned long long* out) {
  const int t = threadIdx.x;
  if (t >= kCount) return;
  State s;
  curand_init(configs[t].seed, configs[t].subsequence, configs[t].offset, &s);
  unsigned long long* o = out + static_cast<std::size_t>(t) * kValues;
  for (int i = 0; i < kValues;) {
    switch (what) {
      case normal_double: o[i++] = bits_of(curand_normal_double(&s)); break;
      case normal2_double: {
        const double2 v = curand_normal2_double(&s);
        o[i++] = bits_of(v.x), o[i++] = bits_of(v.y);
        break;
      }
      case log_normal_double: o[i++] = bits_of(curand_log_normal_double(&s, 0.5, 1.5)); break;
      case log_normal2_double: {
        const double2 v = curand_log_normal2_double(&s, -1.0, 0.25);
        o[i++] = bits_of(v.x), o[i++] = bits_of(v.y);
        break;
      }
      case normal_then_log_normal_double:
        o[i] = bits_of(i % 2 ? curand_log_normal_double(&s, 0.0, 1.0) : curand_normal_double(&s));
        ++i;
        break;
      case poisson_3_5: o[i++] = curand_poisson(&s, 3.5); break;
      case poisson_20: o[i++] = curand_poisson(&s, 20.0); break;
      case poisson_5000: o[i++] = curand_poisson(&s, 5000.0); break;
      case poisson_100: o[i++] = curand_poisson(&s, 100.0); break;
      case poisson_1000: o[i++] = curand_poisson(&s, 1000.0); break;
      case poisson_3000: o[i++] = curand_poisson(&s, 3000.0); break;
      case normal_float: o[i++] = bits_of(curand_normal(&s)); break;
      case normal2_float: {
        const float2 v = curand_normal2(&s);
        o[i++] = bits_of(v.x), o[i++] = bits_of(v.y);
        break;
      }
      case log_normal_float: o[i++] = bits_of(curand_log_normal(&s, 0.5f, 1.5f)); break;
      case log_normal2_float: {
        const float2 v = curand_log_normal2(&s, -1.0f, 0.25f);
        o[i++] = bits_of(v.x), o[i++] = bits_of(v.y);
        break;
      }
      case normal_then_log_normal_float:
        o[i] = bits_of(i % 2 ? curand_log_normal(&s, 0.0f, 1.0f) : curand_normal(&s));
        ++i;
        break;
      default:
        if constexpr (std::is_same_v<State, curandStatePhilox4_32_10_t>) {
          if (what == normal4_float || what == log_normal4_float) {
            const float4 v = what == normal4_float ? curand_normal4(&s) : curand_log_normal4(&s, 0.25f, 0.5f);
            o[i++] = bits_of(v.x), o[i++] = bits_of(v.y), o[i++] = bits_of(v.z), o[i++] = bits_of(v.w);
          } else {
            const uint4 v = curand_poisson4(&s, what == poisson4_20 ? 20.0 : what == poisson4_5000 ? 5000.0 : 1000.0);
            o[i++] = v.x, o[i++] = v.y, o[i++] = v.z, o[i++] = v.w;
          }
        }
    }
  }
}

// The float normals against Box-Muller in double from the same draws: radius sqrt(-2 ln u) and
// angle 2 pi v from the float uniforms that cuRAND makes of the pair of values.
template <class State>
__device__ double2 reference_pair(State* copy) {
  float u, v;
  if constexpr (std::is_same_v<State, curandStateMRG32k3a_t>) {
    u = curand_uniform(copy);
    v = curand_uniform(copy) * 6.2831855f;
  } else {
    const unsigned x = curand(copy), y = curand(copy);
    u = x * 2.3283064e-10f + 2.3283064e-10f / 2.0f;
    v = y * (2.3283064e-10f * 6.2831855f) + (2.3283064e-10f * 6.2831855f) / 2.0f;
  }
  const double r = sqrt(-2.0 * log(static_cast<double>(u)));
  return double2{r * sin(static_cast<double>(v)), r * cos(static_cast<double>(v))};
}

// |got - want| within the special-function unit's error (2^-20.9 absolute on the sine, 2^-21
// relative on e^x, times the radius) plus a float's rounding.
__device__ bool near(float got, double want, double scale) {
  return fabs(got - want) <= 1.5e-6 * scale + 2.0 * fabs(want) * 1.2e-7;
}

// 10,000 Poisson(1000) values: mean and variance within 4 standard errors of 1000.
template <class Draw>
__device__ int poisson_moments_wrong(Draw draw) {
  double sum = 0, sum2 = 0;
  for (int i = 0; i < kValues; ++i) {
    const double k = draw(i);
    sum += k, sum2 += k * k;
  }
  const double mean = sum / kValues, variance = sum2 / kValues - mean * mean;
  return (fabs(mean - 1000.0) > 4.0 * sqrt(1000.0 / kValues)) + (fabs(variance - 1000.0) > 4.0 * 1000.0 * sqrt(2.0 / kValues));
}

template <class State>
__global__ void check_approximations(const Config* configs, int* bad) {
  const int t = threadIdx.x;
  if (t >= kCount) return;
  State s, copy;
  curand_init(configs[t].seed, configs[t].subsequence, configs[t].offset, &s);
  int wrong = 0;
  for (int i = 0; i < kValues; i += 2) {  // curand_normal2
    copy = s;
    const float2 got = curand_normal2(&s);
    const double2 want = reference_pair(&copy);
    const double radius = hypot(want.x, want.y);
    wrong += !near(got.x, want.x, radius) + !near(got.y, want.y, radius);
  }
  for (int i = 0; i < kValues; i += 2) {  // curand_normal, a pair at a time
    copy = s;
    const float a = curand_normal(&s), b = curand_normal(&s);
    const double2 want = reference_pair(&copy);
    const double radius = hypot(want.x, want.y);
    wrong += !near(a, want.x, radius) + !near(b, want.y, radius);
  }
  for (int i = 0; i < kValues; i += 2) {  // curand_log_normal(0.5, 0.75)
    copy = s;
    const float a = curand_log_normal(&s, 0.5f, 0.75f), b = curand_log_normal(&s, 0.5f, 0.75f);
    const double2 n = reference_pair(&copy);
    const double radius = hypot(n.x, n.y);
    const double wa = exp(0.5 + 0.75 * n.x), wb = exp(0.5 + 0.75 * n.y);
    wrong += !near(a, wa, wa * (0.75 * radius + 1.0)) + !near(b, wb, wb * (0.75 * radius + 1.0));
  }
  if constexpr (std::is_same_v<State, curandStatePhilox4_32_10_t>) {
    for (int i = 0; i < kValues; i += 4) {  // curand_normal4: two pairs
      copy = s;
      const float4 got = curand_normal4(&s);
      const double2 p = reference_pair(&copy), q = reference_pair(&copy);
      const double rp = hypot(p.x, p.y), rq = hypot(q.x, q.y);
      wrong += !near(got.x, p.x, rp) + !near(got.y, p.y, rp) + !near(got.z, q.x, rq) + !near(got.w, q.y, rq);
    }
    uint4 four{};
    wrong += poisson_moments_wrong([&](int i) {
      if (i % 4 == 0) four = curand_poisson4(&s, 1000.0);
      return static_cast<double>(i % 4 == 0 ? four.x : i % 4 == 1 ? four.y : i % 4 == 2 ? four.z : four.w);
    });
  }
  wrong += poisson_moments_wrong([&](int) { return static_cast<double>(curand_poisson(&s, 1000.0)); });
  bad[t] = wrong;
}

template <class State>
void run(const char* generator, const Config* configs, unsigned long long* out, int* bad, unsigned long long* host) {
  for (int what = 0; what < series_count; ++what) {
    if (philox_only(what) && !std::is_same_v<State, curandStatePhilox4_32_10_t>) continue;
    draw<State><<<1, kCount>>>(configs, static_cast<Series>(what), out);
    CHECK_CUDA(cudaGetLastError());
    CHECK_CUDA(cudaMemcpy(host, out, sizeof(unsigned long long) * kValues * kCount, cudaMemcpyDeviceToHost));
    for (int c = 0; c < kCount; ++c) {
      const unsigned long long* v = host + static_cast<std::size_t>(c) * kValues;
      std::printf("host: %s %llu/%llu/%llu %s 0x%llx fnv 0x%016llx\n", generator, kConfigs[c].seed,
                  kConfigs[c].subsequence, kConfigs[c].offset, kSeriesNames[what], v[0],
                  static_cast<unsigned long long>(fnv1a(v, sizeof(unsigned long long) * kValues)));
    }
  }
  check_approximations<State><<<1, kCount>>>(configs, bad);
  CHECK_CUDA(cudaGetLastError());
  int host_bad[kCount];
  CHECK_CUDA(cudaMemcpy(host_bad, bad, sizeof host_bad, cudaMemcpyDeviceToHost));
  int wrong = 0;
  for (int c = 0; c < kCount; ++c) wrong += host_bad[c];
  char name[160];
  std::snprintf(name, sizeof name, "host: %s float normals and log-normals within the SFU's error of Box-Muller, Poisson(1000)'s moments",
                generator);
  report(name, wrong, 0);
}

int main() {
  Config* configs = nullptr;
  unsigned long long* out = nullptr;
  int* bad = nullptr;
  CHECK_CUDA(cudaMalloc(&configs, sizeof kConfigs));
  CHECK_CUDA(cudaMemcpy(configs, kConfigs, sizeof kConfigs, cudaMemcpyHostToDevice));
  CHECK_CUDA(cudaMalloc(&out, sizeof(unsigned long long) * kValues * kCount));
  CHECK_CUDA(cudaMalloc(&bad, sizeof(int) * kCount));
  static unsigned long long host[kValues * kCount];
  run<curandStateXORWOW_t>("xorwow", configs, out, bad, host);
  run<curandStatePhilox4_32_10_t>("philox", configs, out, bad, host);
  run<curandStateMRG32k3a_t>("mrg32k3a", configs, out, bad, host);
  CHECK_CUDA(cudaFree(bad));
  CHECK_CUDA(cudaFree(out));
  CHECK_CUDA(cudaFree(configs));
  return 0;
}
